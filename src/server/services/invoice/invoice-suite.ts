// Invoices on a real database: run on PGlite (invoice.test.ts) and on PostgreSQL 15 (invoice.postgres.test.ts), where
// concurrent saves and issues really race on a pool of connections. Each test makes its own shoppers and orders and
// asserts on them only, so tests sharing one server do not meet.
import { describe, it, expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp } from '../../../../tests/helpers/checkout.ts';
import type { Database } from '../../db/client.ts';
import {
  ORDER_STATUS,
  orderReceipt,
  presellOrder,
  REFUND_STATUS,
  storeGroupOrder,
  storeOrder,
  userReceipt,
} from '../../db/schema/index.ts';
import { depositOrder, paidOrder, setStatusForTest } from '../../../../tests/helpers/orders.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { linesOf, setRefundStatusForTest } from '../../../../tests/helpers/refunds.ts';
import { getOrder, ORDER_GONE } from '../order/get-order.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { INVOICE_TEXT } from '../../../shared/invoice.ts';
import { receiptInput } from '../../../shared/schemas/invoice.ts';
import { toYuan } from '../../../shared/money.ts';
import { payOrder } from '../payment/pay-order.ts';
import { createOrder } from '../order/create-order.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import type { MerchantContext } from '../merchant-api/context.ts';
import { saveTitle } from './save-title.ts';
import { listTitles } from './list-titles.ts';
import { getTitle } from './get-title.ts';
import { deleteTitle } from './delete-title.ts';
import { setDefaultTitle } from './set-default-title.ts';
import { getInvoice, listInvoices } from './list-invoices.ts';
import { correctInvoice, INVOICE_ISSUE_TEXT, issueInvoice, listMerchantInvoices } from './merchant-invoices.ts';
import { requestInvoice, REQUEST_INVOICE_TEXT } from './request-invoice.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';

/** Real unified social credit codes as published (Tencent, Huawei, Xiaomi, Alibaba). */
export const VALID = ['9144030071526726XG', '91440300708461136T', '91110108551385082Q', '91330100716105852F'];

export const company = { receipt_type: 1, receipt_title_type: 2, receipt_title: '深圳市腾讯计算机系统有限公司', duty_paragraph: VALID[0] };
export const personal = { receipt_type: 1, receipt_title_type: 1, receipt_title: '张三' };
export const vat = {
  receipt_type: 2,
  receipt_title_type: 2,
  receipt_title: '华为技术有限公司',
  duty_paragraph: VALID[1],
  bank_name: '招商银行深圳分行',
  bank_code: '6225 8801 2345 6789',
  address: '深圳市龙岗区坂田华为基地',
  tel: '0755-28780808',
};

async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  return { db: d.db, merchant: await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(merId)}`) };
}

/** A fresh shopper's order of one item from each of `merIds` with `receipt_data`, paid from the balance unless `pay` is false. */
async function orderWithInvoice(d: Database, receipt: Record<string, unknown>, merIds = [1], pay = true) {
  const s = await newShopper(d);
  await topUp(d, s.user.uid, 10_000_000);
  const ids: number[] = [];
  const used: number[] = [];
  for (const merId of merIds) {
    const sku = await pickSku(d, { merId, except: used });
    used.push(sku.productId);
    ids.push(await addLine(s, sku, 1));
  }
  const { order, check } = await placeOrder(s, ids, { receipt_data: receipt });
  if (pay) await payOrder(s, { id: order.order_id, type: 'balance' });
  const orders = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id)).orderBy(storeOrder.merId);
  const invoices = await d.db
    .select()
    .from(orderReceipt)
    .where(
      inArray(
        orderReceipt.orderId,
        orders.map((o) => o.orderId),
      ),
    );
  return {
    s,
    order,
    orders,
    invoices,
    again: () => createOrder(s, { cart_id: ids, address_id: s.addressId, receipt_data: receipt, key: check.key }),
  };
}

export function invoiceSuite(open: () => Promise<Database>) {
  describe('saved invoice titles', () => {
    it('saves, edits and deletes titles of the shopper only; at most 20; one default at most', async () => {
      const d = await open();
      await expect(saveTitle(visitorContext(d), company)).rejects.toMatchObject({ message: '请登录' });
      const s = await newShopper(d);
      const other = await newShopper(d);
      const a = await saveTitle(s, { ...company, is_default: 1 });
      expect(a).toMatchObject({ receipt_title: company.receipt_title, duty_paragraph: VALID[0], is_default: 1, email: '' });
      await expect(saveTitle(s, { ...company, duty_paragraph: '91440300708461136A' })).rejects.toMatchObject({
        status: 400,
        message: '纳税人识别号格式不正确',
      });
      const b = await saveTitle(s, { ...vat, is_default: true });
      expect((await listTitles(s)).map((t) => [t.user_receipt_id, t.is_default])).toEqual([
        [b.user_receipt_id, 1],
        [a.user_receipt_id, 0],
      ]);
      await setDefaultTitle(s, { id: a.user_receipt_id });
      expect((await listTitles(s)).filter((t) => t.is_default).map((t) => t.user_receipt_id)).toEqual([a.user_receipt_id]);
      expect((await listTitles(s, { receipt_type: '2' })).map((t) => t.user_receipt_id)).toEqual([b.user_receipt_id]);

      const edited = await saveTitle(s, { ...personal, id: a.user_receipt_id, is_default: 1 });
      expect(edited).toMatchObject({ user_receipt_id: a.user_receipt_id, receipt_title_type: 1, duty_paragraph: '', is_default: 1 });

      // Another shopper's title is a 404 for every verb, and stays as it was.
      for (const call of [
        () => getTitle(other, { id: a.user_receipt_id }),
        () => saveTitle(other, { ...company, id: a.user_receipt_id }),
        () => deleteTitle(other, { id: a.user_receipt_id }),
        () => setDefaultTitle(other, { id: a.user_receipt_id }),
      ])
        await expect(call()).rejects.toMatchObject({ code: 'not_found', message: INVOICE_TEXT.titleGone });
      expect(await getTitle(s, { id: a.user_receipt_id })).toEqual(edited);
      expect(await listTitles(other)).toEqual([]);

      await deleteTitle(s, { id: a.user_receipt_id });
      expect((await listTitles(s)).map((t) => t.user_receipt_id)).toEqual([b.user_receipt_id]);
      for (let i = 1; i < 20; i++) await saveTitle(s, { ...personal, receipt_title: `抬头${i}` });
      await expect(saveTitle(s, personal)).rejects.toMatchObject({ status: 400, message: INVOICE_TEXT.limit });
      expect(await d.db.$count(userReceipt, eq(userReceipt.uid, s.user.uid))).toBe(20);
    });
  });

  describe('tax numbers', () => {
    it('saves a title, and takes an invoice at checkout, with an older 15-, 17- or 20-character taxpayer number', async () => {
      const d = await open();
      const s = await newShopper(d);
      for (const [typed, stored] of [
        ['440301708461136', '440301708461136'],
        ['44030119800101123', '44030119800101123'],
        [' 44030119800101123x01 ', '44030119800101123X01'],
      ]) {
        expect((await saveTitle(s, { ...company, duty_paragraph: typed })).duty_paragraph).toBe(stored);
      }
      await expect(saveTitle(s, { ...company, duty_paragraph: '4403011980010112301' })).rejects.toMatchObject({
        message: '纳税人识别号格式不正确',
      });
      const { invoices } = await orderWithInvoice(d, { 1: { ...company, duty_paragraph: '440301708461136' } }, [1], false);
      expect(invoices.map((i) => i.receiptInfo.duty_paragraph)).toEqual(['440301708461136']);
    });
  });

  describe('invoices asked for at checkout', () => {
    it('writes one invoice row per store order that asked, for its pay price, in the create transaction', async () => {
      const d = await open();
      const { s, orders, invoices, order, again } = await orderWithInvoice(d, { 1: { ...vat, mer_id: 1, email: 'x@example.com' } }, [1, 2]);
      expect(orders).toHaveLength(2);
      expect(invoices).toHaveLength(1);
      const [inv] = invoices;
      const o1 = orders.find((o) => o.merId === 1)!;
      expect(inv).toMatchObject({ orderId: o1.orderId, uid: s.user.uid, merId: 1, receiptPrice: o1.payPrice, status: 0, receiptSn: '' });
      expect(inv!.receiptInfo).toEqual({ ...receiptInput.parse(vat), email: '' });
      expect(o1.receipt).toEqual(inv!.receiptInfo);

      // The same key again answers the same order and writes nothing more.
      expect((await again()).order_id).toBe(order.order_id);
      expect(await d.db.$count(orderReceipt, eq(orderReceipt.uid, s.user.uid))).toBe(1);
    });

    it("a shop's invoice sent empty (null, '', {}) asks for none; the other shops' stand", async () => {
      const d = await open();
      for (const empty of [null, '', {}, []]) {
        const { orders, invoices } = await orderWithInvoice(d, { 1: empty, 2: company }, [1, 2], false);
        expect(orders.map((o) => [o.merId, o.receipt === null])).toEqual([
          [1, true],
          [2, false],
        ]);
        expect(invoices.map((i) => i.merId)).toEqual([2]);
      }
      const { invoices } = await orderWithInvoice(d, { 1: null }, [1], false);
      expect(invoices).toEqual([]);
    });

    it('refuses bad receipt_data with its message and creates nothing', async () => {
      const d = await open();
      const s = await newShopper(d);
      const sku = await pickSku(d, { merId: 1 });
      const cartId = await addLine(s, sku, 1);
      const bad = { 1: { ...company, duty_paragraph: '9144030071526726XH' } };
      await expect(placeOrder(s, [cartId], { receipt_data: bad })).rejects.toMatchObject({
        status: 400,
        message: '纳税人识别号格式不正确',
      });
      await expect(placeOrder(s, [cartId], { receipt_data: { 1: { ...vat, receipt_title_type: 1 } } })).rejects.toMatchObject({
        message: INVOICE_TEXT.personalVat,
      });
      await expect(placeOrder(s, [cartId], { receipt_data: { abc: personal } })).rejects.toMatchObject({ message: '发票信息格式不正确' });
      expect(await d.db.$count(storeGroupOrder, eq(storeGroupOrder.uid, s.user.uid))).toBe(0);
      expect(await d.db.$count(orderReceipt, eq(orderReceipt.uid, s.user.uid))).toBe(0);
    });
  });

  describe('invoices asked for after payment (POST /api/order/receipt/{id})', () => {
    it("asks once for a paid order's invoice, for what was paid less what was refunded; bad input and others' orders change nothing", async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const paid = await paidOrder(d, s, [1], 2);
      const orderId = paid.orderIds[0]!;
      const [line] = await linesOf(d, orderId);
      await expect(requestInvoice(visitorContext(d), { id: orderId, ...company })).rejects.toMatchObject({ message: '请登录' });
      await expect(requestInvoice(other, { id: orderId, ...company })).rejects.toMatchObject({ code: 'not_found', message: ORDER_GONE });
      await expect(requestInvoice(s, { id: 'abc', ...company })).rejects.toMatchObject({ status: 400 });
      await expect(requestInvoice(s, { id: orderId, ...company, duty_paragraph: '9144030071526726XH' })).rejects.toMatchObject({
        status: 400,
        message: '纳税人识别号格式不正确',
      });
      expect((await getOrder(s, { id: orderId })).receipt).toBeNull();

      // A refund already paid back is not invoiced.
      const refund = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, 100);
      await setRefundStatusForTest(d, refund.refundOrderId, REFUND_STATUS.refunded);
      await requestInvoice(s, { id: orderId, ...company, mer_id: 1 });
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId));
      expect((await getOrder(s, { id: orderId })).receipt).toEqual(receiptInput.parse(company));
      const { list } = await listInvoices(s, {});
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        status: 0,
        receipt_price: toYuan(o!.payPrice - 100),
        receipt_info: { receipt_title: company.receipt_title, duty_paragraph: VALID[0] },
        storeOrder: { order_id: orderId },
      });
      expect((await listMerchantInvoices(await asMerchant(d, 1), { status: '0', limit: 100 })).list.map((x) => x.order_id)).toContain(
        orderId,
      );

      await expect(requestInvoice(s, { id: orderId, ...personal })).rejects.toMatchObject({ message: REQUEST_INVOICE_TEXT.requested });
      expect((await getOrder(s, { id: orderId })).receipt).toEqual(receiptInput.parse(company));
      // An order that asked at checkout has its invoice already.
      const asked = await orderWithInvoice(d, { 1: personal });
      await expect(requestInvoice(asked.s, { id: asked.orders[0]!.orderId, ...company })).rejects.toMatchObject({
        message: REQUEST_INVOICE_TEXT.requested,
      });
      // An unpaid order is not one of the shopper's orders yet.
      const unpaid = await orderWithInvoice(d, {}, [1], false);
      await expect(requestInvoice(unpaid.s, { id: unpaid.orders[0]!.orderId, ...company })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('refuses a fully refunded order with the reason', async () => {
      const d = await open();
      const s = await newShopper(d);
      const paid = await paidOrder(d, s);
      const orderId = paid.orderIds[0]!;
      await setStatusForTest(d, orderId, ORDER_STATUS.refunded);
      await expect(requestInvoice(s, { id: orderId, ...personal })).rejects.toMatchObject({
        status: 400,
        message: REQUEST_INVOICE_TEXT.refunded,
      });
      expect(await d.db.$count(orderReceipt, eq(orderReceipt.orderId, orderId))).toBe(0);
    });

    it("a presale's invoice is for the whole price once the balance is paid, and asked for only then", async () => {
      const d = await open();
      const s = await newShopper(d);
      const open1 = { start: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 86_400_000) };
      // Asked for at checkout: the deposit first, then deposit and balance.
      const atCheckout = await depositOrder(d, s, open1, { receipt: personal });
      const invoiceOf = async (orderId: number) => (await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId)))[0];
      const payOf = async (orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.payPrice;
      const deposit = await payOf(atCheckout.orderId);
      expect((await invoiceOf(atCheckout.orderId))!.receiptPrice).toBe(deposit);
      const later = await depositOrder(d, s, open1);
      await expect(requestInvoice(s, { id: later.orderId, ...personal })).rejects.toMatchObject({ message: REQUEST_INVOICE_TEXT.presell });
      for (const o of [atCheckout, later]) {
        const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, o.orderId));
        await topUp(d, s.user.uid, po!.payPrice);
        await payOrder(s, { id: o.orderId, subject: 'presell', type: 'balance' });
      }
      expect(await payOf(atCheckout.orderId)).toBeGreaterThan(deposit);
      expect((await invoiceOf(atCheckout.orderId))!.receiptPrice).toBe(await payOf(atCheckout.orderId));
      await requestInvoice(s, { id: later.orderId, ...personal });
      expect((await invoiceOf(later.orderId))!.receiptPrice).toBe(await payOf(later.orderId));
    });

    it('an invoice not issued yet follows the refunds: lowered by a partial one, gone with a full one; an issued one waits for correction', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const s = await newShopper(d);
      const orderId = (await paidOrder(d, s, [1], 2)).orderIds[0]!;
      const [line] = await linesOf(d, orderId);
      await requestInvoice(s, { id: orderId, ...personal });
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId));
      const priceOf = async () => (await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId)))[0]?.receiptPrice;
      expect(await priceOf()).toBe(o!.payPrice);
      const part = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, 100);
      await approveMerchantRefund(m1, { id: part.refundOrderId });
      expect(await priceOf()).toBe(o!.payPrice - 100);
      const rest = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, o!.payPrice - 100);
      await approveMerchantRefund(m1, { id: rest.refundOrderId });
      expect(await priceOf()).toBeUndefined();
      expect((await listInvoices(s, {})).count).toBe(0);

      // Issued before the refund: it stays as issued, with the refund waiting for the merchant's correction.
      const issuedOrder = (await paidOrder(d, s, [1], 2)).orderIds[0]!;
      const [l2] = await linesOf(d, issuedOrder);
      await requestInvoice(s, { id: issuedOrder, ...personal });
      const [inv] = await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, issuedOrder));
      await issueInvoice(m1, { id: inv!.orderReceiptId, status: 1, receipt_sn: '24442000000012345678' });
      const r = await refundRequestForTest(d, s, issuedOrder, [{ orderProductId: l2!.orderProductId, num: 1 }], 1, 100);
      await approveMerchantRefund(m1, { id: r.refundOrderId });
      expect((await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, issuedOrder)))[0]).toMatchObject({
        status: 1,
        receiptPrice: inv!.receiptPrice,
        refundPrice: 100,
        correctStatus: 1,
      });
    });

    it('a refund after issue is corrected by a red-letter invoice and a new one for what is left; a full refund is reversed whole', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const m2 = await asMerchant(d, 2);
      const s = await newShopper(d);
      const orderId = (await paidOrder(d, s, [1], 3)).orderIds[0]!;
      const [line] = await linesOf(d, orderId);
      await requestInvoice(s, { id: orderId, ...personal });
      const [inv] = await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId));
      const id = inv!.orderReceiptId;
      const paid = inv!.receiptPrice;
      await expect(correctInvoice(m1, { id, red_sn: '00000001' })).rejects.toMatchObject({ message: INVOICE_ISSUE_TEXT.nothingToCorrect });
      await issueInvoice(m1, { id, status: 1, receipt_sn: '24442000000012345678', receipt_url: 'https://invoice.example.com/a.pdf' });
      await expect(correctInvoice(m1, { id, red_sn: '00000001' })).rejects.toMatchObject({ message: INVOICE_ISSUE_TEXT.nothingToCorrect });

      // Two partial refunds add up on the issued invoice.
      for (const cents of [100, 250]) {
        const r = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, cents);
        await approveMerchantRefund(m1, { id: r.refundOrderId });
      }
      const waiting = await getInvoice(s, { id });
      expect(waiting).toMatchObject({
        status: 1,
        receipt_price: toYuan(paid),
        refund_price: '3.50',
        correct_price: toYuan(paid - 350),
        correct_status: 1,
        correct_text: '退款后待红冲重开',
      });
      expect((await listMerchantInvoices(m1, { correct: '1', limit: 100 })).list.map((x) => x.order_receipt_id)).toContain(id);
      expect((await listMerchantInvoices(m1, { correct: '0', limit: 100 })).list.map((x) => x.order_receipt_id)).not.toContain(id);
      await expect(listMerchantInvoices(m1, { correct: '5' })).rejects.toMatchObject({
        message: '红冲状态不正确：1 待红冲重开，2 已红冲重开',
      });

      // Refusals change nothing.
      await expect(correctInvoice(m2, { id, red_sn: '00000001', receipt_sn: '24442000000087654321' })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(correctInvoice(m1, { id, red_sn: '', receipt_sn: '24442000000087654321' })).rejects.toMatchObject({
        message: '请填写红字发票号码',
      });
      await expect(correctInvoice(m1, { id, red_sn: '00000001' })).rejects.toMatchObject({ message: INVOICE_ISSUE_TEXT.newSnNeeded });
      await expect(correctInvoice(m1, { id, red_sn: '00000001', receipt_sn: '24442000000012345678' })).rejects.toMatchObject({
        message: INVOICE_ISSUE_TEXT.sameSn,
      });
      await expect(correctInvoice(m1, { id, red_sn: '00000001', receipt_sn: 'x y' })).rejects.toMatchObject({
        message: '新发票号码格式不正确',
      });
      expect(await getInvoice(s, { id })).toEqual(waiting);

      // Corrected once, however many calls arrive at once.
      const body = { id, red_sn: '00000001', receipt_sn: '24442000000087654321', receipt_url: 'https://invoice.example.com/b.pdf' };
      const results = await Promise.allSettled([correctInvoice(m1, body), correctInvoice(m1, body), correctInvoice(m1, body)]);
      expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      for (const x of results)
        if (x.status === 'rejected') expect(x.reason).toMatchObject({ message: INVOICE_ISSUE_TEXT.nothingToCorrect });
      const corrected = await getInvoice(s, { id });
      expect(corrected).toMatchObject({
        status: 1,
        receipt_price: toYuan(paid - 350),
        receipt_sn: '24442000000087654321',
        receipt_url: 'https://invoice.example.com/b.pdf',
        refund_price: '0.00',
        correct_status: 2,
        correct_text: '已红冲重开',
        red_sn: '00000001',
        red_price: toYuan(paid),
      });

      // The rest refunded: the new invoice is reversed whole, with no new one.
      const rest = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, paid - 350);
      await approveMerchantRefund(m1, { id: rest.refundOrderId });
      expect(await getInvoice(s, { id })).toMatchObject({ correct_status: 1, refund_price: toYuan(paid - 350), correct_price: '0.00' });
      await expect(correctInvoice(m1, { id, red_sn: '00000002', receipt_sn: '24442000000011112222' })).rejects.toMatchObject({
        message: INVOICE_ISSUE_TEXT.noNewSn,
      });
      expect(await correctInvoice(m1, { id, red_sn: '00000002' })).toMatchObject({
        receipt_price: '0.00',
        receipt_sn: '',
        receipt_url: '',
        red_sn: '00000002',
        red_price: toYuan(paid - 350),
        correct_status: 2,
        correct_text: '已红冲',
      });
    });

    it('a refund landing while the merchant corrects is never lost: either corrected with it, or left to correct', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const s = await newShopper(d);
      const orderId = (await paidOrder(d, s, [1], 3)).orderIds[0]!;
      const [line] = await linesOf(d, orderId);
      await requestInvoice(s, { id: orderId, ...vat });
      const [inv] = await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId));
      const id = inv!.orderReceiptId;
      await issueInvoice(m1, { id, status: 1, receipt_sn: '12345678', mark: '顺丰 SF1234567890' });
      const first = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, 100);
      await approveMerchantRefund(m1, { id: first.refundOrderId });
      const second = await refundRequestForTest(d, s, orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 1, 200);
      const [corrected, refunded] = await Promise.allSettled([
        correctInvoice(m1, { id, red_sn: '87654321', receipt_sn: '12345679' }),
        approveMerchantRefund(m1, { id: second.refundOrderId }),
      ]);
      expect(refunded.status).toBe('fulfilled');
      const [row] = await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId));
      if (corrected.status === 'fulfilled') {
        // Corrected for the first refund (a paper invoice to mail again: the old mailing note is gone), then the
        // second waits on the new invoice.
        expect(row).toMatchObject({
          receiptPrice: inv!.receiptPrice - 100,
          refundPrice: 200,
          correctStatus: 1,
          status: 10,
          redSn: '87654321',
          mark: '',
        });
      } else {
        expect(corrected.reason).toMatchObject({ message: INVOICE_ISSUE_TEXT.changed });
        expect(row).toMatchObject({ receiptPrice: inv!.receiptPrice, refundPrice: 300, correctStatus: 1, status: 1 });
      }
    });

    it('writes one invoice however many requests for the order arrive at once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const orderId = (await paidOrder(d, s)).orderIds[0]!;
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => requestInvoice(s, { id: orderId, ...personal, receipt_title: `张三${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: REQUEST_INVOICE_TEXT.requested });
      const rows = await d.db.select().from(orderReceipt).where(eq(orderReceipt.orderId, orderId));
      expect(rows).toHaveLength(1);
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId));
      expect(o!.receipt).toEqual(rows[0]!.receiptInfo);
    });
  });

  describe('the invoice list and the merchant issuing', () => {
    it("lists the shopper's invoices of paid orders only, by status, with the order's first product; another's is a 404", async () => {
      const d = await open();
      const paid = await orderWithInvoice(d, { 1: company });
      const unpaid = await orderWithInvoice(d, { 1: personal }, [1], false);
      expect(unpaid.invoices).toHaveLength(1);
      const s = paid.s;
      const { count, list } = await listInvoices(s, {});
      expect(count).toBe(1);
      expect(list[0]).toMatchObject({
        order_receipt_id: paid.invoices[0]!.orderReceiptId,
        status: 0,
        status_text: '未开票',
        receipt_price: toYuan(paid.orders[0]!.payPrice),
        receipt_info: { receipt_title: company.receipt_title, receipt_title_type: 2, duty_paragraph: VALID[0] },
        storeOrder: { order_id: paid.orders[0]!.orderId, orderProduct: [{ cart_info: { product: { store_name: expect.any(String) } } }] },
      });
      expect((await listInvoices(s, { status: '1' })).count).toBe(0);
      expect((await listInvoices(s, { status: 0 })).count).toBe(1);
      await expect(listInvoices(s, { status: '5' })).rejects.toMatchObject({ status: 400, message: '发票状态不正确' });
      // The unpaid order's invoice is nobody's to see yet; another shopper's is a 404.
      expect((await listInvoices(unpaid.s, {})).count).toBe(0);
      await expect(getInvoice(unpaid.s, { id: unpaid.invoices[0]!.orderReceiptId })).rejects.toMatchObject({ code: 'not_found' });
      await expect(getInvoice(unpaid.s, { id: paid.invoices[0]!.orderReceiptId })).rejects.toMatchObject({
        code: 'not_found',
        message: INVOICE_TEXT.invoiceGone,
      });
      expect((await getInvoice(s, { id: paid.invoices[0]!.orderReceiptId })).order_receipt_id).toBe(paid.invoices[0]!.orderReceiptId);
    });

    it('issues an invoice once, scoped to its merchant and to paid orders; a paper one is mailed later', async () => {
      const d = await open();
      const m1 = await asMerchant(d, 1);
      const m2 = await asMerchant(d, 2);
      const e = await orderWithInvoice(d, { 1: company });
      const id = e.invoices[0]!.orderReceiptId;
      const body = { status: 1, receipt_sn: '24442000000012345678', receipt_url: 'https://invoice.example.com/24442000000012345678.pdf' };

      await expect(issueInvoice(m2, { id, ...body })).rejects.toMatchObject({ code: 'not_found' });
      await expect(issueInvoice(m1, { id, ...body, receipt_url: 'javascript:alert(1)' })).rejects.toMatchObject({
        status: 400,
        message: '发票链接须以 http:// 或 https:// 开头',
      });
      await expect(issueInvoice(m1, { id, ...body, receipt_sn: '' })).rejects.toMatchObject({ message: '请填写发票号码' });
      await expect(issueInvoice(m1, { id, ...body, status: 10 })).rejects.toMatchObject({ message: INVOICE_ISSUE_TEXT.mailedOnlyVat });
      expect((await listMerchantInvoices(m1, { status: '0', limit: 100 })).list.map((x) => x.order_receipt_id)).toContain(id);
      expect((await listMerchantInvoices(m2, { limit: 100 })).list.map((x) => x.order_receipt_id)).not.toContain(id);

      const results = await Promise.allSettled([issueInvoice(m1, { id, ...body }), issueInvoice(m1, { id, ...body })]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: INVOICE_ISSUE_TEXT.issued } });
      const shown = await getInvoice(e.s, { id });
      expect(shown).toMatchObject({ status: 1, status_text: '已开票', receipt_sn: body.receipt_sn, receipt_url: body.receipt_url });
      expect(shown.status_time).toEqual(expect.any(String));
      expect((await listInvoices(e.s, { status: '1' })).count).toBe(1);

      // A special VAT invoice issued on paper (10), then mailed (1) with the courier noted.
      const p = await orderWithInvoice(d, { 1: vat });
      const pid = p.invoices[0]!.orderReceiptId;
      expect(await issueInvoice(m1, { id: pid, status: 10, receipt_sn: '12345678' })).toMatchObject({ status: 10, status_text: '未寄出' });
      await expect(issueInvoice(m1, { id: pid, status: 10, receipt_sn: '12345678' })).rejects.toMatchObject({
        message: INVOICE_ISSUE_TEXT.notMailed,
      });
      // Mailed under another number than the one issued: refused, the issued number stays.
      await expect(issueInvoice(m1, { id: pid, status: 1, receipt_sn: '99999999', mark: '顺丰 SF1234567890' })).rejects.toMatchObject({
        message: INVOICE_ISSUE_TEXT.otherSn('12345678'),
      });
      expect(await issueInvoice(m1, { id: pid, status: 1, receipt_sn: '12345678', mark: '顺丰 SF1234567890' })).toMatchObject({
        status: 1,
        mark: '顺丰 SF1234567890',
      });

      // An unpaid order's invoice is not issued.
      const u = await orderWithInvoice(d, { 1: personal }, [1], false);
      await expect(issueInvoice(m1, { id: u.invoices[0]!.orderReceiptId, ...body })).rejects.toMatchObject({
        message: INVOICE_ISSUE_TEXT.unpaid,
      });
    });
  });

  describe('under concurrency', () => {
    it('never passes 20 titles or one default, however many saves arrive at once', async () => {
      const d = await open();
      const s = await newShopper(d);
      for (let i = 0; i < 15; i++) await saveTitle(s, { ...personal, receipt_title: `抬头${i}` });
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => saveTitle(s, { ...company, is_default: 1, receipt_title: `公司${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      const titles = await listTitles(s);
      expect(titles).toHaveLength(20);
      expect(titles.filter((t) => t.is_default === 1)).toHaveLength(1);
      await Promise.all(titles.slice(0, 8).map((t) => setDefaultTitle(s, { id: t.user_receipt_id })));
      expect((await listTitles(s)).filter((t) => t.is_default === 1)).toHaveLength(1);
    });
  });
}
