import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readAll } from '../../db/transaction.ts';
import { buyerNicknames } from '../user/buyer-nicknames.ts';
import { refundOrder, refundProduct, storeOrder, storeOrderProduct, type RefundMoneyState } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { notFound } from '../input.ts';
import { MONEY_TEXT, NO_POINTS_MOVED, refundsPointsMoved } from './refund-money.ts';
import { returnDeadline, shopsTakingReturns, shownAutoRefundAt } from './auto-refund-time.ts';
import { afterSaleSettings } from '../order/order-rules.ts';

type RefundRow = typeof refundOrder.$inferSelect;

export const MERCHANT_REFUND_GONE = '退款单不存在';

/** How the merchant reads a refund status (reference section 3). */
export const REFUND_STATUS_TEXT: Record<number, string> = {
  0: '待审核',
  [-1]: '已拒绝',
  1: '待买家退货',
  2: '待商家收货',
  3: '已退款',
  [-10]: '买家已取消',
};

const MONEY_STATE_TEXT: Record<RefundMoneyState, string> = {
  none: '',
  pending: '退款中',
  retrying: '退款中（重试）',
  done: '已退款',
  failed: MONEY_TEXT.failed,
};

/** An item of a refund request, as ordered (the order line's snapshot) with the quantity and amount asked back. */
export interface MerchantRefundItemDto {
  order_product_id: number;
  refund_num: number;
  refund_price: string;
  product: {
    product_id: number;
    product_num: number;
    cart_info: {
      product: { store_name: string; image: string; unit_name: string };
      productAttr: { sku: string; price: string };
    };
  };
}

/** One of the merchant's refund requests (`GET /api/merchant/refund/lst` items, `.../detail/{id}`). */
export interface MerchantRefundDto {
  refund_order_id: number;
  refund_order_sn: string;
  order_id: number;
  order_sn: string;
  uid: number;
  nickname: string;
  /** Apply type: 1 one item with a quantity, 2 several items. */
  type: number;
  /** 1 refund only, 2 return and refund. */
  refund_type: number;
  refund_num: number;
  refund_price: string;
  refund_message: string;
  mark: string;
  pics: string[];
  /** The buyer's contact phone given with the request ('' when none was given). */
  phone: string;
  /** The order's receiver, as on the shop's order (`real_name`, `user_phone`): who to call when the request gives no phone. */
  real_name: string;
  user_phone: string;
  /** 0 under review, -1 refused, 1 awaiting the buyer's return shipment, 2 awaiting receipt, 3 refunded, -10 cancelled. */
  status: number;
  status_text: string;
  status_time: string | null;
  /** When the system answers if the merchant does not (`refund_agree_days` after `status_time`), while under review or awaiting receipt; else null. */
  auto_refund_time: string | null;
  /** Until when the buyer may send back an approved return's goods (`refund_return_days` after approval); else null. */
  return_end_time: string | null;
  fail_message: string;
  /** Where the goods go back (set when a return is approved). */
  mer_delivery_user: string;
  mer_delivery_phone: string;
  mer_delivery_address: string;
  /** The buyer's return shipment: courier, tracking number, phone. */
  delivery_type: string;
  delivery_id: string;
  delivery_phone: string;
  delivery_time: string | null;
  /** Where the money is: none, pending, retrying, done, failed (with `money_state_text` and the last `money_error`). */
  money_state: RefundMoneyState;
  money_state_text: string;
  money_error: string;
  refund_channel: string;
  provider_refund_no: string;
  refunded_at: string | null;
  /** The points the order used that this refund gave back to the buyer (0 before it is refunded). */
  refund_integral: number;
  /** The points the order's receipt gave that this refund took back from the buyer (0 when none). */
  give_back_integral: number;
  create_time: string;
  refundProduct: MerchantRefundItemDto[];
}

/** The DTOs of `rows` (already scoped to the merchant), with their items, order numbers and buyers. */
export async function merchantRefundDtos(db: Db, rows: RefundRow[]): Promise<MerchantRefundDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.refundOrderId);
  // Inside a transaction (the demo seed's, a merchant action's answer) one at a time, else at once.
  const [items, orders, nick, settings, points, takingReturns] = await readAll(db, [
    () =>
      db
        .select({ rp: refundProduct, item: storeOrderProduct })
        .from(refundProduct)
        .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
        .where(inArray(refundProduct.refundOrderId, ids))
        .orderBy(asc(refundProduct.refundProductId)),
    () =>
      db
        .select({ id: storeOrder.orderId, sn: storeOrder.orderSn, receiver: storeOrder.receiver })
        .from(storeOrder)
        .where(inArray(storeOrder.orderId, [...new Set(rows.map((r) => r.orderId))])),
    () =>
      buyerNicknames(
        db,
        rows.map((r) => r.uid),
      ),
    () => afterSaleSettings(db),
    () => refundsPointsMoved(db, rows),
    () =>
      shopsTakingReturns(
        db,
        rows.map((r) => r.merId),
      ),
  ]);
  const pointsOf = (r: RefundRow) => points.get(r.refundOrderId) ?? NO_POINTS_MOVED;
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => ({
    refund_order_id: r.refundOrderId,
    refund_order_sn: r.refundOrderSn,
    order_id: r.orderId,
    order_sn: orderOf.get(r.orderId)?.sn ?? '',
    uid: r.uid,
    nickname: nick.get(r.uid) ?? '',
    type: r.applyType,
    refund_type: r.refundType,
    refund_num: r.refundNum,
    refund_price: toYuan(r.refundPrice),
    refund_message: r.refundMessage,
    mark: r.mark,
    pics: r.pics,
    phone: r.phone,
    real_name: orderOf.get(r.orderId)?.receiver.real_name ?? '',
    user_phone: orderOf.get(r.orderId)?.receiver.phone ?? '',
    status: r.status,
    status_text: REFUND_STATUS_TEXT[r.status] ?? '未知状态',
    status_time: formatDateTime(r.statusTime),
    auto_refund_time: formatDateTime(shownAutoRefundAt(r, settings.refundAgreeDays, takingReturns)),
    return_end_time: formatDateTime(returnDeadline(r.status, r.statusTime, settings.returnDays)),
    fail_message: r.failMessage,
    mer_delivery_user: r.merDeliveryUser,
    mer_delivery_phone: r.merDeliveryPhone,
    mer_delivery_address: r.merDeliveryAddress,
    delivery_type: r.deliveryType,
    delivery_id: r.deliveryId,
    delivery_phone: r.deliveryPhone,
    delivery_time: formatDateTime(r.deliveryTime),
    money_state: r.moneyState,
    money_state_text: MONEY_STATE_TEXT[r.moneyState] ?? '',
    money_error: r.moneyError,
    refund_channel: r.refundChannel,
    provider_refund_no: r.providerRefundNo,
    refunded_at: formatDateTime(r.refundedAt),
    refund_integral: pointsOf(r).back,
    give_back_integral: pointsOf(r).taken,
    create_time: formatDateTime(r.createdAt)!,
    refundProduct: items
      .filter((i) => i.rp.refundOrderId === r.refundOrderId)
      .map(({ rp, item }) => ({
        order_product_id: rp.orderProductId,
        refund_num: rp.refundNum,
        refund_price: toYuan(rp.refundPrice),
        product: {
          product_id: item.productId,
          product_num: item.productNum,
          cart_info: {
            product: { store_name: item.snapshot.store_name, image: item.snapshot.image, unit_name: item.snapshot.unit_name },
            productAttr: { sku: item.snapshot.sku, price: toYuan(item.snapshot.price) },
          },
        },
      })),
  }));
}

/** One of the merchant's refund requests; another merchant's or an unknown one is the same 404. */
export async function findMerchantRefund(db: Db, merId: number, id: number): Promise<RefundRow> {
  const [r] = await db
    .select()
    .from(refundOrder)
    .where(and(eq(refundOrder.refundOrderId, id), eq(refundOrder.merId, merId)));
  if (!r) throw notFound(MERCHANT_REFUND_GONE);
  return r;
}
