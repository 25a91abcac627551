import { asc, eq, inArray } from 'drizzle-orm';
import { type merchant, presellOrder, product, type ReceiptInfo, type storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { OrderExtendItem } from '../../../shared/order-form.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { groupItemDto, orderMerchantDto, type GroupOrderItemDto } from './get-group-order.ts';
import { presellDto, type PresellOrderDto } from './presell-dto.ts';

/** A line of a paid order: the group order's line plus its after-sales state (reference section 3). */
export interface OrderItemDto extends Omit<GroupOrderItemDto, 'cart_info'> {
  product_attr_unique: string;
  /** 0 none, 1 refund in progress, 2 partly refunded, 3 fully refunded. */
  is_refund: number;
  /** Quantity still refundable. */
  refund_num: number;
  /** 1 once reviewed. */
  is_reply: number;
  cart_info: {
    /** `refund_switch` 1: the product offers refunds. */
    product: GroupOrderItemDto['cart_info']['product'] & { refund_switch: number };
    productAttr: GroupOrderItemDto['cart_info']['productAttr'];
  };
}

/** One paid store order as `GET /api/order/list` gives it (reference `/user/order_list`). */
export interface StoreOrderDto {
  order_id: number;
  order_sn: string;
  group_order_id: number;
  create_time: string;
  /** Reference section 3: 0 to ship, 1 to receive, 2 to review, 3 done, -1 refunded, 10 awaiting a presale balance, 11 closed. */
  status: number;
  /** 0 delivered, 1 pickup at the shop. */
  order_type: number;
  activity_type: number;
  paid: number;
  pay_type: number | null;
  pay_time: string | null;
  total_num: number;
  total_price: string;
  pay_price: string;
  pay_postage: string;
  mer_id: number;
  /** The shop, with how it answers (`services_type` 0 chat and phone, 1 phone only). */
  merchant: { mer_id: number; mer_name: string; mer_avatar: string; service_phone: string; services_type: number; is_trader: number };
  orderProduct: OrderItemDto[];
  presellOrder: PresellOrderDto | null;
  /** 1 express (`delivery_name` company, `delivery_id` number), 2 rider (name, phone), 3 no shipment; null before shipping. */
  delivery_type: number | null;
  delivery_name: string;
  delivery_id: string;
  /** Pickup code of a pickup order ('' otherwise). */
  verify_code: string;
  /** The invoice asked for (at checkout or later, `POST /api/order/receipt/{id}`), or null. */
  receipt: ReceiptInfo | null;
  /** Answers to the shop's order form, with each field as it was asked ([] when none was asked). */
  order_extend: OrderExtendItem[];
}

export type StoreOrderRow = typeof storeOrder.$inferSelect;
export type MerchantRow = typeof merchant.$inferSelect;

/** What the lines, presale balances and DTOs of some store orders need: two queries, whatever their number. */
export async function loadOrderParts(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return { items: [], presells: [] };
  const [items, presells] = await Promise.all([
    db
      .select({ i: storeOrderProduct, refundSwitch: product.refundSwitch })
      .from(storeOrderProduct)
      .leftJoin(product, eq(product.productId, storeOrderProduct.productId))
      .where(inArray(storeOrderProduct.orderId, [...orderIds]))
      .orderBy(asc(storeOrderProduct.orderProductId)),
    db
      .select()
      .from(presellOrder)
      .where(inArray(presellOrder.orderId, [...orderIds])),
  ]);
  return { items, presells };
}

type Parts = Awaited<ReturnType<typeof loadOrderParts>>;

export function itemDto({ i, refundSwitch }: Parts['items'][number]): OrderItemDto {
  const base = groupItemDto(i);
  return {
    ...base,
    product_attr_unique: i.productAttrUnique,
    is_refund: i.isRefund,
    refund_num: i.refundNum,
    is_reply: i.isReply ? 1 : 0,
    cart_info: {
      product: { ...base.cart_info.product, refund_switch: refundSwitch === false ? 0 : 1 },
      productAttr: base.cart_info.productAttr,
    },
  };
}

/** The list DTO of one store order, given the parts loaded for it. */
export function storeOrderDto(o: StoreOrderRow, m: MerchantRow, parts: Parts, at: Date): StoreOrderDto {
  const po = parts.presells.find((p) => p.orderId === o.orderId);
  return {
    order_id: o.orderId,
    order_sn: o.orderSn,
    group_order_id: o.groupOrderId,
    create_time: formatDateTime(o.createdAt)!,
    status: o.status,
    order_type: o.orderType,
    activity_type: o.activityType,
    paid: o.paid ? 1 : 0,
    pay_type: o.payType,
    pay_time: formatDateTime(o.payTime),
    total_num: o.totalNum,
    total_price: toYuan(o.totalPrice),
    pay_price: toYuan(o.payPrice),
    pay_postage: toYuan(o.totalPostage),
    mer_id: o.merId,
    merchant: orderMerchantDto(m),
    orderProduct: parts.items.filter(({ i }) => i.orderId === o.orderId).map(itemDto),
    presellOrder: po ? presellDto(po, o.payPrice, at) : null,
    delivery_type: o.deliveryType,
    delivery_name: o.deliveryName,
    delivery_id: o.deliveryId,
    verify_code: o.orderType === 1 ? o.verifyCode : '',
    receipt: o.receipt ?? null,
    order_extend: o.orderExtend ?? [],
  };
}

/** DTOs of store orders read with their merchant, in the order given. */
export async function storeOrderDtos(db: Db, rows: readonly { o: StoreOrderRow; m: MerchantRow }[], at: Date): Promise<StoreOrderDto[]> {
  const parts = await loadOrderParts(
    db,
    rows.map((r) => r.o.orderId),
  );
  return rows.map(({ o, m }) => storeOrderDto(o, m, parts, at));
}
