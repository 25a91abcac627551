import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readAll } from '../../db/transaction.ts';
import { buyerNicknames } from '../user/buyer-nicknames.ts';
import { storeGroupOrder, type storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import type { OrderExtendItem } from '../../../shared/order-form.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';

type OrderRow = typeof storeOrder.$inferSelect;
type ItemRow = typeof storeOrderProduct.$inferSelect;

/** An order line as the merchant packs it (the item as it was ordered, not today's product). */
export interface MerchantOrderItemDto {
  order_product_id: number;
  product_id: number;
  spu_product_id: number;
  product_type: number;
  product_num: number;
  product_price: string;
  total_price: string;
  pay_price: string;
  /** 0 none, 1 refund in progress, 2 partly refunded, 3 fully refunded. */
  is_refund: number;
  refund_num: number;
  cart_info: {
    product: { store_name: string; image: string; unit_name: string };
    productAttr: { sku: string; price: string };
  };
}

/**
 * One of the merchant's paid orders (`GET /api/merchant/order/lst` items, `.../detail/{id}`). Never carries the pickup
 * code nor the rider's receipt code: the shopper shows those, so a merchant who could read them could confirm alone.
 */
export interface MerchantOrderDto {
  order_id: number;
  order_sn: string;
  group_order_sn: string;
  uid: number;
  nickname: string;
  /** Reference section 3: 0 to ship (pickup: to verify), 1 shipped, 2 to review, 3 done, 10/11 presale, -1 refunded. */
  status: number;
  status_text: string;
  /** 0 express delivery, 1 pickup at the shop (verified with the shopper's code). */
  order_type: number;
  /** product_type of its items: 0 normal, 1 flash sale, 2 presale. */
  activity_type: number;
  paid: number;
  pay_type: number | null;
  pay_time: string | null;
  create_time: string;
  total_num: number;
  total_price: string;
  pay_postage: string;
  coupon_price: string;
  platform_coupon_price: string;
  svip_discount: string;
  integral: number;
  integral_price: string;
  pay_price: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  /** The shopper's note at checkout. */
  mark: string;
  /** The merchant's own remark. */
  remark: string;
  receipt: unknown;
  /** The shopper's answers to the shop's order form ([] when none was asked). */
  order_extend: OrderExtendItem[];
  /** Shipment (null until shipped): 1 express, 2 same-city rider, 3 no shipment needed. */
  delivery_type: number | null;
  delivery_name: string;
  delivery_id: string;
  delivery_code: string;
  delivery_time: string | null;
  verify_time: string | null;
  take_time: string | null;
  orderProduct: MerchantOrderItemDto[];
}

export interface MerchantOrderDetailDto extends MerchantOrderDto {
  /** The order's timeline, oldest first. */
  storeOrderStatus: { change_type: string; change_message: string; change_time: string }[];
}

/** How the merchant reads a status. */
export function statusText(o: Pick<OrderRow, 'status' | 'orderType'>): string {
  switch (o.status) {
    case 0:
      return o.orderType === 1 ? '待核销' : '待发货';
    case 1:
      return '待收货';
    case 2:
      return '待评价';
    case 3:
      return '已完成';
    case 9:
      return '拼团中';
    case 10:
      return '待付尾款';
    case 11:
      return '尾款已过期';
    case -1:
      return '已退款';
    default:
      return '未知状态';
  }
}

function itemDto(i: ItemRow): MerchantOrderItemDto {
  return {
    order_product_id: i.orderProductId,
    product_id: i.productId,
    spu_product_id: i.snapshot.spu_product_id ?? i.productId,
    product_type: i.productType,
    product_num: i.productNum,
    product_price: toYuan(i.productPrice),
    total_price: toYuan(i.totalPrice),
    pay_price: toYuan(i.payPrice),
    is_refund: i.isRefund,
    refund_num: i.refundNum,
    cart_info: {
      product: { store_name: i.snapshot.store_name, image: i.snapshot.image, unit_name: i.snapshot.unit_name },
      productAttr: { sku: i.snapshot.sku, price: toYuan(i.snapshot.price) },
    },
  };
}

/** The DTOs of `orders` (already scoped to the merchant), with their items, buyers and group order numbers. */
export async function merchantOrderDtos(db: Db, orders: OrderRow[]): Promise<MerchantOrderDto[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.orderId);
  const [items, nick, groups] = await readAll(db, [
    () => db.select().from(storeOrderProduct).where(inArray(storeOrderProduct.orderId, ids)).orderBy(asc(storeOrderProduct.orderProductId)),
    () =>
      buyerNicknames(
        db,
        orders.map((o) => o.uid),
      ),
    () =>
      db
        .select({ id: storeGroupOrder.groupOrderId, sn: storeGroupOrder.groupOrderSn })
        .from(storeGroupOrder)
        .where(inArray(storeGroupOrder.groupOrderId, [...new Set(orders.map((o) => o.groupOrderId))])),
  ]);
  const groupSn = new Map(groups.map((g) => [g.id, g.sn]));
  return orders.map((o) => ({
    order_id: o.orderId,
    order_sn: o.orderSn,
    group_order_sn: groupSn.get(o.groupOrderId) ?? '',
    uid: o.uid,
    nickname: nick.get(o.uid) ?? '',
    status: o.status,
    status_text: statusText(o),
    order_type: o.orderType,
    activity_type: o.activityType,
    paid: o.paid ? 1 : 0,
    pay_type: o.payType,
    pay_time: formatDateTime(o.payTime),
    create_time: formatDateTime(o.createdAt)!,
    total_num: o.totalNum,
    total_price: toYuan(o.totalPrice),
    pay_postage: toYuan(o.totalPostage),
    coupon_price: toYuan(o.couponPrice),
    platform_coupon_price: toYuan(o.platformCouponPrice),
    svip_discount: toYuan(o.svipDiscount),
    integral: o.integral,
    integral_price: toYuan(o.integralPrice),
    pay_price: toYuan(o.payPrice),
    real_name: o.receiver.real_name,
    user_phone: o.receiver.phone,
    user_address: o.receiver.address,
    mark: o.mark,
    remark: o.remark,
    receipt: o.receipt ?? null,
    order_extend: o.orderExtend ?? [],
    delivery_type: o.deliveryType,
    delivery_name: o.deliveryName,
    delivery_id: o.deliveryId,
    delivery_code: o.deliveryCode,
    delivery_time: formatDateTime(o.deliveryTime),
    verify_time: formatDateTime(o.verifyTime),
    take_time: formatDateTime(o.takeTime),
    orderProduct: items.filter((i) => i.orderId === o.orderId).map(itemDto),
  }));
}
