// What the payment pages read (PGlite): the QR answer's drawn code, the pay methods offered, a presale balance, the
// last failed attempt, and the sandbox gateway's trade. Each test makes its own shoppers and orders.
import { describe, it, expect, vi, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import type { Database } from '../../db/client.ts';
import { ORDER_STATUS, presellOrder, storeOrder, systemConfig } from '../../db/schema/index.ts';
import { createSandboxProvider } from '../../payment/sandbox.ts';
import { useQrProvider } from '../../payment/index.ts';
import { config } from '../../config.ts';
import { handleNotification } from './handle-notification.ts';
import { payOrder } from './pay-order.ts';
import { getPayMethods } from './pay-methods.ts';
import { getPresellBalance } from './get-presell-balance.ts';
import { getPayFailure } from './get-pay-failure.ts';
import { getPayStatus } from './pay-status.ts';
import { answerSandboxTrade, getSandboxTrade } from './sandbox-trade.ts';
import { readTicket, sandboxKey, sandboxNotification, signNotification } from '../../payment/sandbox.ts';

async function unpaidOrder(d: Database, s: Shopper) {
  const sku = await pickSku(d, { merId: 1 });
  const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
  return { id: order.order_id as number, cents: Math.round(Number(order.pay_price) * 100) };
}

/** A fresh shopper's unpaid order with a WeChat QR code open, and the signed ticket `t` of that code's link. */
async function qrTrade(d: Database) {
  const s = await newShopper(d);
  const o = await unpaidOrder(d, s);
  const qr = await payOrder(s, { id: o.id, type: 'weixinQr' });
  if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
  const t = new URL(qr.result.config).searchParams.get('t')!;
  return { s, o, qr, t };
}

/** What the sandbox gateway posts to the shop when the payer answers the QR code `codeUrl` on the phone. */
async function answered(d: Database, codeUrl: string, action: 'confirm' | 'decline') {
  const key = await sandboxKey(d.db);
  const ticket = readTicket(key, new URL(codeUrl).searchParams.get('t')!)!;
  return signNotification(key, sandboxNotification(ticket, action, new Date())).toString();
}

/**
 * A paid order (by balance: the shopper has enough) whose store order waits for a presale balance of `cents` (as settle leaves a deposit order), its
 * window `opensIn` to `closesIn` ms from now.
 */
async function presellWaiting(d: Database, s: Shopper, cents: number, opensIn = -60_000, closesIn = 3_600_000) {
  const o = await unpaidOrder(d, s);
  await payOrder(s, { id: o.id, type: 'balance' });
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
    payPrice: cents,
    finalStartTime: new Date(Date.now() + opensIn),
    finalEndTime: new Date(Date.now() + closesIn),
  });
  return so!;
}

describe('the QR answer', () => {
  it('carries the code drawn as an SVG data URL beside what it encodes', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    const res = await payOrder(s, { id: o.id, type: 'weixinQr' });
    if (res.status !== 'weixinQr') throw new Error('expected a QR answer');
    expect(res.result.config).toContain('/sandbox_pay?t=');
    expect(res.result.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.result.qrcode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>\s*$/);
  });
});

describe('getPayMethods', () => {
  it('offers balance, WeChat and Alipay by default, and follows the switches and the configured gateways', async () => {
    const d = await createTestDatabase();
    expect(await getPayMethods(d)).toEqual({ balance: true, weixinQr: true, alipayQr: true });
    await d.db.insert(systemConfig).values([
      { key: 'yue_pay_status', value: 0 },
      { key: 'alipay_open', value: '0' },
    ]);
    expect(await getPayMethods(d)).toEqual({ balance: false, weixinQr: true, alipayQr: false });
    useQrProvider('weixinQr', null);
    try {
      expect((await getPayMethods(d)).weixinQr).toBe(false);
    } finally {
      useQrProvider('weixinQr', createSandboxProvider(await sandboxKey(d.db), config.siteUrl));
    }
  });
});

describe('getPresellBalance', () => {
  it('shows an open balance, and after it is paid by balance, paid with its pay type', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    await topUp(d, s.user.uid, 10_000_000);
    const so = await presellWaiting(d, s, 5_000);
    const open = await getPresellBalance(s, { id: so.orderId });
    expect(open).toMatchObject({
      order_id: so.orderId,
      order_sn: so.orderSn,
      pay_price: '50.00',
      paid: 0,
      state: 'open',
      real_name: '张三',
    });
    expect(open.orderProduct).toHaveLength(1);
    expect(open.final_end_unix).toBeGreaterThan(Date.now() / 1000);

    await payOrder(s, { id: so.orderId, type: 'balance', subject: 'presell' });
    expect(await getPresellBalance(s, { id: so.orderId })).toMatchObject({ paid: 1, state: 'paid', pay_type: 0 });
  });

  it('says not_due before the window and closed after it; another shopper’s is a 404', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    await topUp(d, s.user.uid, 10_000_000);
    const early = await presellWaiting(d, s, 100, 3_600_000, 7_200_000);
    const late = await presellWaiting(d, s, 100, -7_200_000, -3_600_000);
    expect((await getPresellBalance(s, { id: early.orderId })).state).toBe('not_due');
    expect((await getPresellBalance(s, { id: late.orderId })).state).toBe('closed');
    const other = await newShopper(d);
    await expect(getPresellBalance(other, { id: early.orderId })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getPresellBalance(s, { id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('getPayFailure', () => {
  it('is null until an attempt fails, then gives the reason the gateway sent, for the shopper only', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const o = await unpaidOrder(d, s);
    expect(await getPayFailure(s, { id: o.id })).toBeNull();
    const qr = await payOrder(s, { id: o.id, type: 'alipayQr' });
    if (qr.status !== 'alipayQr') throw new Error('expected a QR answer');
    expect(await getPayFailure(s, { id: o.id })).toBeNull();
    const sandbox = createSandboxProvider(await sandboxKey(d.db), 'http://mall.test');
    const body = await answered(d, qr.result.config, 'decline');
    expect((await handleNotification(d.db, sandbox, body, 'application/x-www-form-urlencoded')).result).toBe('failed');
    expect(await getPayFailure(s, { id: o.id })).toMatchObject({ reason: '付款人取消了支付', pay_type: 5 });
    expect(await getPayFailure(await newShopper(d), { id: o.id })).toBeNull();
  });
});

describe('the sandbox trade', () => {
  it('reads the amount and title from a signed ticket, says when it expired, and refuses a forged one', async () => {
    const d = await createTestDatabase();
    const { qr, t } = await qrTrade(d);
    const trade = await getSandboxTrade(d, { t });
    expect(trade).toMatchObject({ out_trade_no: qr.result.out_trade_no, pay_price: qr.result.pay_price, method: 'weixinQr', expired: 0 });
    expect(trade.title).toMatch(/^商城订单 /);
    expect((await getSandboxTrade(d, { t }, new Date((trade.expires_at + 1) * 1000))).expired).toBe(1);
    for (const bad of [`${t}x`, 'abc.def', '', 'x'.repeat(3000)]) {
      await expect(getSandboxTrade(d, { t: bad })).rejects.toThrow('无效的支付二维码');
    }
    await expect(answerSandboxTrade(d, { t, action: 'pay' })).rejects.toThrow('参数错误');
    await expect(answerSandboxTrade(d, { t: 'abc.def', action: 'confirm' })).rejects.toThrow('无效的支付二维码');
  });
});

describe('the sandbox gateway answers a trade once', () => {
  /** What the gateway posts to the shop (its deliveries, answered as the shop would acknowledge them). */
  let sent: URLSearchParams[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    sent = [];
  });

  async function openTrade() {
    vi.stubEnv('SANDBOX_RESEND_MS', '0');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(new URLSearchParams(String(init?.body)));
      return new Response('success');
    });
    const d = await createTestDatabase();
    const { s, o, t } = await qrTrade(d);
    /** The shop takes every notification the gateway sent. */
    const deliver = async () => {
      const sandbox = createSandboxProvider(await sandboxKey(d.db), 'http://mall.test');
      for (const body of sent) await handleNotification(d.db, sandbox, body.toString(), 'application/x-www-form-urlencoded');
    };
    return { d, s, o, t, deliver };
  }

  it('refuses to confirm a trade the payer declined: no payment is reported, the order stays unpaid, the page says so', async () => {
    const { d, s, o, t, deliver } = await openTrade();
    expect(await getSandboxTrade(d, { t })).toMatchObject({ state: 'open', state_text: '' });
    expect(await answerSandboxTrade(d, { t, action: 'decline' })).toEqual({ status: 'declined', message: '已取消支付' });
    await expect(answerSandboxTrade(d, { t, action: 'confirm' })).rejects.toMatchObject({
      status: 400,
      message: '您已取消这笔支付，不能再确认支付。如需付款，请在电脑上重新发起支付',
    });
    await expect(answerSandboxTrade(d, { t, action: 'decline' })).rejects.toThrow('您已取消这笔支付');
    expect(await getSandboxTrade(d, { t })).toMatchObject({
      state: 'closed',
      state_text: '您已取消这笔支付。如需付款，请在电脑上重新发起支付',
    });
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent.map((b) => b.get('trade_status'))).toEqual(['TRADE_CLOSED']);
    await deliver();
    expect(await getPayStatus(s, { id: o.id })).toMatchObject({ paid: 0, status: 'failed', reason: '付款人取消了支付' });
  });

  it('refuses to cancel, or pay again, a trade the payer confirmed; an expired code still says it was paid', async () => {
    const { d, s, o, t, deliver } = await openTrade();
    expect(await answerSandboxTrade(d, { t, action: 'confirm' })).toEqual({ status: 'confirmed', message: '支付成功' });
    await expect(answerSandboxTrade(d, { t, action: 'decline' })).rejects.toThrow('这笔支付已完成，不能再取消，请返回电脑查看');
    await expect(answerSandboxTrade(d, { t, action: 'confirm' })).rejects.toThrow('这笔支付已完成，请勿重复支付');
    const trade = await getSandboxTrade(d, { t }, new Date(Date.now() + 3600_000));
    expect(trade).toMatchObject({ expired: 1, state: 'paid', state_text: '这笔支付已完成，请返回电脑查看' });
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent.map((b) => b.get('trade_status'))).toEqual(['TRADE_SUCCESS']);
    await deliver();
    expect(await getPayStatus(s, { id: o.id })).toMatchObject({ paid: 1, status: 'paid' });
  });

  it('takes one of two answers given at the same moment', async () => {
    const { d, t } = await openTrade();
    const answers = await Promise.allSettled([
      answerSandboxTrade(d, { t, action: 'confirm' }),
      answerSandboxTrade(d, { t, action: 'decline' }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const state = (await getSandboxTrade(d, { t })).state;
    expect(state).toBe(answers[0]!.status === 'fulfilled' ? 'paid' : 'closed');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });
});
