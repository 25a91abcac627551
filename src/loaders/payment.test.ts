// The payment pages' loaders on PGlite: what /payment, /payment_success and /payment_failed show, and where they
// send a shopper instead (a paid order to success, an unpaid one back to /payment, another shopper's a 404).
import { describe, it, expect } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-db.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper } from '../../tests/helpers/checkout.ts';
import type { Database } from '../server/db/client.ts';
import type { ServiceContext } from '../server/services/context.ts';
import { eq } from 'drizzle-orm';
import { ORDER_STATUS, presellOrder, storeOrder, systemConfig } from '../server/db/schema/index.ts';
import { cancelOrder } from '../server/services/order/cancel-order.ts';
import { payOrder } from '../server/services/payment/pay-order.ts';
import { handleNotification } from '../server/services/payment/handle-notification.ts';
import { createSandboxProvider, readTicket, sandboxKey, sandboxNotification, signNotification } from '../server/payment/sandbox.ts';
import { DEFAULT_LOCALE } from '../shared/locale.ts';
import type { PageInput } from './page.ts';
import { loadPayment } from './payment.ts';
import { loadPaymentSuccess } from './payment-success.ts';
import { loadPaymentFailed } from './payment-failed.ts';
import { loadSandboxPay } from './sandbox-pay.ts';

const page = (s: Pick<ServiceContext, 'db' | 'user'>, path: string): PageInput => ({
  locals: { db: s.db, user: s.user, token: null, locale: { ...DEFAULT_LOCALE }, ctx: { db: s.db, user: s.user } },
  url: new URL(path, 'http://mall.test'),
});

async function unpaidOrder(d: Database, s: Shopper, merIds = [1]) {
  const ids: number[] = [];
  const used: number[] = [];
  for (const merId of merIds) {
    const sku = await pickSku(d, { merId, except: used });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, 2));
  }
  const { order } = await placeOrder(s, ids);
  return { id: order.order_id as number, pay: order.pay_price as string };
}

function data<T>(r: { ok: true; data: T } | { ok: false; status: number; message: string }): T {
  if (!r.ok) throw new Error(`expected data, got ${r.status} ${r.message}`);
  return r.data;
}

describe('/payment', () => {
  it('shows the unpaid order, its receiver and first product, the balance (short here) and every method', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s, [1, 2]);
    await topUp(d, s.user.uid, 100);
    const v = data(await loadPayment(page(s, `/payment?result=${o.id}`)));
    expect(v.redirect).toBeNull();
    expect(v.subject).toMatchObject({ presell: false, id: o.id, payPrice: o.pay, state: 'unpaid', kinds: 2, totalNum: 4 });
    expect(v.subject.sn).toMatch(/^wx/);
    expect(v.subject.receiver).toMatchObject({ real_name: '张三' });
    expect(v.subject.firstProduct).not.toBe('');
    expect(v.subject.deadline).toBeGreaterThan(Date.now() / 1000);
    expect(v).toMatchObject({ balance: '1.00', balanceShort: true, methods: { balance: true, weixinQr: true, alipayQr: true } });
  });

  it('hides the balance when balance payment is off, and shows a cancelled order as cancelled', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    await d.db.insert(systemConfig).values({ key: 'yue_pay_status', value: 0 });
    expect(data(await loadPayment(page(s, `/payment?result=${o.id}`))).balance).toBeNull();
    await cancelOrder(s, { id: o.id });
    expect(data(await loadPayment(page(s, `/payment?result=${o.id}`))).subject.state).toBe('cancelled');
  });

  it('sends a paid order to /payment_success; another shopper’s, an unknown or a malformed id is a 404', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    await topUp(d, s.user.uid, 10_000_000);
    await payOrder(s, { id: o.id, type: 'balance' });
    expect(data(await loadPayment(page(s, `/payment?result=${o.id}`))).redirect).toBe(`/payment_success?orderId=${o.id}`);
    const other = await newShopper(d);
    for (const q of [`result=${o.id}`, 'result=99999999', 'result=abc', 'result=', '']) {
      expect(await loadPayment(page(other, `/payment?${q}`))).toMatchObject({ ok: false, status: 404 });
    }
  });
});

describe('/payment?type=2 (a presale balance)', () => {
  it('shows the balance due with its window, and once paid sends the shopper to the success page of the balance', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    await topUp(d, s.user.uid, 10_000_000);
    const o = await unpaidOrder(d, s);
    await payOrder(s, { id: o.id, type: 'balance' });
    // The deposit is paid: the store order waits for its balance, as settle leaves a deposit presale.
    const [so] = await d.db
      .update(storeOrder)
      .set({ status: ORDER_STATUS.presellBalance })
      .where(eq(storeOrder.groupOrderId, o.id))
      .returning();
    await d.db.insert(presellOrder).values({
      orderId: so!.orderId,
      uid: s.user.uid,
      merId: so!.merId,
      presellOrderSn: `ps${so!.orderSn.slice(2)}`,
      payPrice: 12_345,
      finalStartTime: new Date(Date.now() - 60_000),
      finalEndTime: new Date(Date.now() + 3_600_000),
    });
    const v = data(await loadPayment(page(s, `/payment?result=${so!.orderId}&type=2`)));
    expect(v).toMatchObject({ redirect: null, balanceShort: false });
    expect(v.subject).toMatchObject({ presell: true, id: so!.orderId, sn: so!.orderSn, payPrice: '123.45', state: 'unpaid' });
    expect(await loadPayment(page(await newShopper(d), `/payment?result=${so!.orderId}&type=2`))).toMatchObject({ ok: false, status: 404 });

    await payOrder(s, { id: so!.orderId, type: 'balance', subject: 'presell' });
    const paid = `/payment_success?orderId=${so!.orderId}&type=2`;
    expect(data(await loadPayment(page(s, `/payment?result=${so!.orderId}&type=2`))).redirect).toBe(paid);
    expect(data(await loadPaymentSuccess(page(s, paid)))).toMatchObject({
      redirect: null,
      payMethod: '余额支付',
      subject: { payPrice: '123.45' },
    });
  });
});

describe('/payment_success', () => {
  it('shows the paid order with its method; an unpaid one goes back to /payment', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    expect(data(await loadPaymentSuccess(page(s, `/payment_success?orderId=${o.id}`))).redirect).toBe(`/payment?result=${o.id}`);
    await topUp(d, s.user.uid, 10_000_000);
    await payOrder(s, { id: o.id, type: 'balance' });
    const v = data(await loadPaymentSuccess(page(s, `/payment_success?orderId=${o.id}`)));
    expect(v).toMatchObject({ redirect: null, payMethod: '余额支付', subject: { state: 'paid', payPrice: o.pay, payType: 0 } });
    expect(await loadPaymentSuccess(page(await newShopper(d), `/payment_success?orderId=${o.id}`))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await loadPaymentSuccess(page(s, `/payment_success?orderId=${o.id}&type=2`))).toMatchObject({ ok: false, status: 404 });
  });
});

describe('/payment_failed', () => {
  it('shows the recorded reason, never the link’s, and offers to pay again while the order is payable', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    const forged = `/payment_failed?orderId=${o.id}&reason=${encodeURIComponent('请联系客服QQ 123')}`;
    expect(data(await loadPaymentFailed(page(s, forged)))).toMatchObject({ reason: '支付未完成', retry: `/payment?result=${o.id}` });

    const qr = await payOrder(s, { id: o.id, type: 'weixinQr' });
    if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
    const key = await sandboxKey(d.db);
    const ticket = readTicket(key, new URL(qr.result.config).searchParams.get('t')!)!;
    const body = signNotification(key, sandboxNotification(ticket, 'decline', new Date())).toString();
    await handleNotification(d.db, createSandboxProvider(key, 'http://mall.test'), body, 'application/x-www-form-urlencoded');
    const v = data(await loadPaymentFailed(page(s, forged)));
    expect(v).toMatchObject({ reason: '付款人取消了支付', payMethod: '微信支付', retry: `/payment?result=${o.id}`, redirect: null });

    await cancelOrder(s, { id: o.id });
    expect(data(await loadPaymentFailed(page(s, forged)))).toMatchObject({ retry: null, closed: '订单已取消' });
    expect(await loadPaymentFailed(page(await newShopper(d), forged))).toMatchObject({ ok: false, status: 404 });
  });
});

describe('/sandbox_pay', () => {
  it('reads the trade and the payee without a signed-in shopper; a forged ticket is refused', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    const qr = await payOrder(s, { id: o.id, type: 'alipayQr' });
    if (qr.status !== 'alipayQr') throw new Error('expected a QR answer');
    const visitor = { db: d.db, user: null };
    const v = data(await loadSandboxPay(page(visitor, new URL(qr.result.config).pathname + new URL(qr.result.config).search)));
    expect(v).toMatchObject({ method: '支付宝', trade: { pay_price: o.pay, expired: 0 } });
    expect(v.payee).not.toBe('');
    expect(await loadSandboxPay(page(visitor, '/sandbox_pay?t=abc.def'))).toMatchObject({
      ok: false,
      status: 400,
      message: '无效的支付二维码',
    });
  });
});
