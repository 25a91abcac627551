import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  DELIVERY_TYPE,
  merchant,
  presellOrder,
  product,
  REFUND_STATUS,
  refundOrder,
  storeOrder,
  storeOrderProduct,
  users,
} from '../../db/schema/index.ts';
import { enqueue, noticeKey } from '../../jobs/queue.ts';
import { returnDeadline } from '../refund/auto-refund-time.ts';
import { afterSaleSettings } from './order-rules.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { getSmsProvider } from '../../auth/sms/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';

/**
 * What a shopper is told by SMS about their order: it shipped, a refund request was refused (with the shop's reason) or
 * its return approved (where to send the goods, by when), its money went back, or the balance of a deposit presale can
 * be paid now (`balance_due`, when its window opens).
 */
export type ShopperNotice =
  | { event: 'shipped'; orderId: number }
  | { event: 'refunded'; refundOrderId: number }
  | { event: 'refund_refused'; refundOrderId: number }
  | { event: 'return_approved'; refundOrderId: number }
  | { event: 'balance_due'; orderId: number };

export const NOTICE_TEXT = {
  shipped: (shop: string, orderSn: string, parcel: string) =>
    `您在「${shop}」的订单${orderSn}已发货，${parcel}。可在“我的订单”中查看物流。`,
  express: (company: string, number: string) => `${company}，快递单号${number}`,
  rider: (name: string, phone: string, code: string) => `同城配送，配送员${name}（${phone}），收货码${code}，请在收货时告知配送员`,
  none: '无需物流',
  balanceDue: (name: string, amount: string, end: string) =>
    `您预订的「${name}」已开始支付尾款，请在${end}前支付尾款¥${amount}，逾期未付订单将关闭，定金不退。`,
  refundRefused: (refundSn: string, reason: string) =>
    `您的退款单${refundSn}未通过商家审核：${reason}。如有疑问可联系商家，或在订单中重新申请售后。`,
  returnApproved: (refundSn: string, deadline: string, to: string) =>
    `商家已同意您的退货申请（退款单${refundSn}），请在${deadline}前将商品寄回：${to}，并在退款详情中填写物流单号，逾期申请将关闭。`,
  refunded: (refundSn: string, amount: string, balance: boolean) =>
    `您的退款单${refundSn}已退款¥${amount}，${balance ? '已退回账户余额' : '将原路退回您的付款账户，到账时间以支付渠道为准'}。`,
} as const;

/**
 * Queues the SMS of `notice` in the caller's transaction, so it goes only if the change commits, and once: keyed by the
 * event and its order or refund (a second ship or payment of the same one adds nothing); due at `runAt` (default now).
 */
export async function queueShopperNotice(tx: Db | Tx, notice: ShopperNotice, runAt?: Date): Promise<void> {
  await enqueue(tx, 'shopper.notify', notice, { key: noticeKey(notice), runAt });
}

/**
 * The message and the account it goes to, read when the job runs (a shipment corrected meanwhile is told as it is now);
 * null: nothing to tell (a balance paid or closed before its reminder).
 */
async function messageOf(db: Db, n: ShopperNotice, now: Date) {
  if (n.event === 'balance_due') {
    const [po] = await db
      .select({ po: presellOrder, phone: users.phone, phoneCode: users.phoneCode })
      .from(presellOrder)
      .innerJoin(users, eq(users.uid, presellOrder.uid))
      .where(eq(presellOrder.orderId, n.orderId));
    if (!po || po.po.paid !== 0 || po.po.status !== 1 || po.po.finalEndTime <= now) return null;
    // Queued for the window's start: a job run early (a clock behind the database's) tries again later.
    if (po.po.finalStartTime > now)
      throw new Error(`the balance of order ${n.orderId} is not payable before ${po.po.finalStartTime.toISOString()}`);
    const [line] = await db
      .select({ name: product.storeName })
      .from(storeOrderProduct)
      .innerJoin(product, eq(product.productId, storeOrderProduct.productId))
      .where(eq(storeOrderProduct.orderId, n.orderId))
      .orderBy(asc(storeOrderProduct.orderProductId))
      .limit(1);
    return {
      phone: po.phone,
      phoneCode: po.phoneCode,
      type: 'presell_balance' as const,
      text: NOTICE_TEXT.balanceDue(line?.name ?? '', toYuan(po.po.payPrice), formatDateTime(po.po.finalEndTime)!),
    };
  }
  if (n.event === 'shipped') {
    const [o] = await db
      .select({ o: storeOrder, phone: users.phone, phoneCode: users.phoneCode, shop: merchant.merName })
      .from(storeOrder)
      .innerJoin(users, eq(users.uid, storeOrder.uid))
      .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
      .where(eq(storeOrder.orderId, n.orderId));
    if (!o?.o.deliveryTime) return null;
    const d = o.o;
    const parcel =
      d.deliveryType === DELIVERY_TYPE.express
        ? NOTICE_TEXT.express(d.deliveryName, d.deliveryId)
        : d.deliveryType === DELIVERY_TYPE.rider
          ? NOTICE_TEXT.rider(d.deliveryName, d.deliveryId, d.finishCode)
          : NOTICE_TEXT.none;
    return { phone: o.phone, phoneCode: o.phoneCode, type: 'order_shipped' as const, text: NOTICE_TEXT.shipped(o.shop, d.orderSn, parcel) };
  }
  const [r] = await db
    .select({ r: refundOrder, phone: users.phone, phoneCode: users.phoneCode })
    .from(refundOrder)
    .innerJoin(users, eq(users.uid, refundOrder.uid))
    .where(eq(refundOrder.refundOrderId, n.refundOrderId));
  if (!r) return null;
  // Each is told only while the request is still where the event left it.
  if (n.event === 'refund_refused') {
    if (r.r.status !== REFUND_STATUS.refused) return null;
    return {
      phone: r.phone,
      phoneCode: r.phoneCode,
      type: 'refund_refused' as const,
      text: NOTICE_TEXT.refundRefused(r.r.refundOrderSn, r.r.failMessage),
    };
  }
  if (n.event === 'return_approved') {
    if (r.r.status !== REFUND_STATUS.awaitReturn) return null;
    const deadline = returnDeadline(r.r.status, r.r.statusTime, (await afterSaleSettings(db)).returnDays)!;
    const to = [r.r.merDeliveryUser, r.r.merDeliveryPhone, r.r.merDeliveryAddress].filter(Boolean).join(' ');
    return {
      phone: r.phone,
      phoneCode: r.phoneCode,
      type: 'return_approved' as const,
      text: NOTICE_TEXT.returnApproved(r.r.refundOrderSn, formatDateTime(deadline)!, to),
    };
  }
  if (r.r.moneyState !== 'done' || r.r.refundPrice <= 0) return null;
  return {
    phone: r.phone,
    phoneCode: r.phoneCode,
    type: 'refund_done' as const,
    text: NOTICE_TEXT.refunded(r.r.refundOrderSn, toYuan(r.r.refundPrice), r.r.refundChannel === 'balance'),
  };
}

/**
 * The `shopper.notify` job: sends the notice to the account's phone. A failed send throws, so the job tries again with
 * its backoff (a notice may then reach a phone twice only if the process dies between the send and the job's end).
 */
export const notifyShopper: JobDefinition<ShopperNotice> = {
  async run(notice, { db, now }) {
    const m = await messageOf(db, notice, now);
    if (!m) return;
    await getSmsProvider().send({ phone: m.phone, phone_code: m.phoneCode, type: m.type, text: m.text });
  },
};
