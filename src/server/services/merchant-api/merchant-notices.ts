import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { merchant, ORDER_STATUS, REFUND_STATUS, REFUND_TYPE, refundOrder, storeOrder } from '../../db/schema/index.ts';
import { enqueue, noticeKey } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { getSmsProvider } from '../../auth/sms/index.ts';
import { toYuan } from '../../../shared/money.ts';

/**
 * What a shop is told by SMS on its notice phone (`notice_phone` of its settings; none when empty): an order to ship
 * or to hand over at the shop came in (paid, or its presale balance paid), a buyer asked for a refund, or a buyer sent
 * the goods of a return back. Each is what the shop must act on, within the days the mall gives it before the system
 * answers for it.
 */
export type MerchantNotice =
  | { event: 'new_order'; orderId: number }
  | { event: 'refund_requested'; refundOrderId: number }
  | { event: 'return_shipped'; refundOrderId: number };

export const MERCHANT_NOTICE_TEXT = {
  newOrder: (shop: string, orderSn: string, count: number, amount: string, pickup: boolean) =>
    `「${shop}」有新订单${orderSn}（${count}件，实付¥${amount}）待${pickup ? '买家到店自提核销' : '发货'}，请及时处理。`,
  refundRequested: (shop: string, refundSn: string, goods: boolean, amount: string, reason: string) =>
    `「${shop}」收到${goods ? '退货退款' : '仅退款'}申请${refundSn}（¥${amount}，原因：${reason}），请及时审核，逾期系统将自动处理。`,
  returnShipped: (shop: string, refundSn: string, company: string, number: string) =>
    `「${shop}」的退货退款单${refundSn}买家已寄回商品（${company}，单号${number}），请查收后确认收货，逾期系统将自动退款。`,
} as const;

/**
 * Queues the SMS of `notice` in the caller's transaction: it goes only if the change commits, and once per event and
 * order or refund request (a second payment notification of the same order adds nothing).
 */
export async function queueMerchantNotice(tx: Db | Tx, notice: MerchantNotice): Promise<void> {
  await enqueue(tx, 'merchant.notify', notice, { key: noticeKey(notice) });
}

/** The message and the shop's notice phone, read when the job runs; null: nothing to tell any more, or nobody to tell. */
async function messageOf(db: Db, n: MerchantNotice) {
  if (n.event === 'new_order') {
    const [o] = await db
      .select({ o: storeOrder, shop: merchant.merName, phone: merchant.noticePhone })
      .from(storeOrder)
      .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
      .where(eq(storeOrder.orderId, n.orderId));
    // Refunded or shipped before the SMS went: nothing left to do.
    if (!o?.phone || o.o.status !== ORDER_STATUS.toShip) return null;
    return {
      phone: o.phone,
      type: 'merchant_order' as const,
      text: MERCHANT_NOTICE_TEXT.newOrder(o.shop, o.o.orderSn, o.o.totalNum, toYuan(o.o.payPrice), o.o.orderType === 1),
    };
  }
  const [r] = await db
    .select({ r: refundOrder, shop: merchant.merName, phone: merchant.noticePhone })
    .from(refundOrder)
    .innerJoin(merchant, eq(merchant.merId, refundOrder.merId))
    .where(eq(refundOrder.refundOrderId, n.refundOrderId));
  if (!r?.phone) return null;
  // Each is told only while the request still waits for the shop where the event left it.
  if (n.event === 'refund_requested') {
    if (r.r.status !== REFUND_STATUS.review) return null;
    return {
      phone: r.phone,
      type: 'merchant_refund' as const,
      text: MERCHANT_NOTICE_TEXT.refundRequested(
        r.shop,
        r.r.refundOrderSn,
        r.r.refundType === REFUND_TYPE.returnGoods,
        toYuan(r.r.refundPrice),
        r.r.refundMessage,
      ),
    };
  }
  if (r.r.status !== REFUND_STATUS.awaitReceipt) return null;
  return {
    phone: r.phone,
    type: 'merchant_refund' as const,
    text: MERCHANT_NOTICE_TEXT.returnShipped(r.shop, r.r.refundOrderSn, r.r.deliveryType, r.r.deliveryId),
  };
}

/**
 * The `merchant.notify` job: sends the notice to the shop's notice phone (a mainland mobile). A failed send throws, so
 * the job tries again with its backoff.
 */
export const notifyMerchant: JobDefinition<MerchantNotice> = {
  async run(notice, { db }) {
    const m = await messageOf(db, notice);
    if (!m) return;
    await getSmsProvider().send({ phone: m.phone, phone_code: '86', type: m.type, text: m.text });
  },
};
