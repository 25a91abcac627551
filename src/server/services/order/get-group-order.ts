import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, storeGroupOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { CANCEL_TEXT, cancelGroupOrder } from './cancel-order.ts';
import type { OrderExtendItem } from '../../../shared/order-form.ts';

export interface GroupOrderItemDto {
  order_product_id: number;
  product_id: number;
  spu_product_id: number;
  product_type: number;
  product_num: number;
  product_price: string;
  total_price: string;
  pay_price: string;
  cart_info: {
    product: { store_name: string; image: string; unit_name: string };
    productAttr: { sku: string; price: string; ot_price: string };
  };
}

export interface GroupOrderStoreDto {
  order_id: number;
  order_sn: string;
  mer_id: number;
  merchant: { mer_id: number; mer_name: string; mer_avatar: string; service_phone: string; is_trader: number };
  order_type: number;
  activity_type: number;
  mark: string;
  total_num: number;
  total_price: string;
  pay_postage: string;
  coupon_price: string;
  svip_discount: string;
  integral: number;
  integral_price: string;
  pay_price: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  receipt: unknown;
  /** Answers to the shop's order form ([] when none was asked). */
  order_extend: OrderExtendItem[];
  orderProduct: GroupOrderItemDto[];
}

/** `GET /api/order/group_order_detail/{id}` data: an order as placed, with its per-merchant parts. */
export interface GroupOrderDto {
  group_order_id: number;
  group_order_sn: string;
  paid: number;
  is_cancel: number;
  pay_type: number | null;
  create_time: string;
  pay_time: string | null;
  cancel_time: string;
  /** Unix seconds of `cancel_time` (the countdown's target). */
  cancel_unix: number;
  total_num: number;
  total_price: string;
  total_postage: string;
  pay_postage: string;
  /** The reference's name of the postage charged (as `pay_postage`). */
  postage_price: string;
  coupon_price: string;
  platform_coupon_price: string;
  svip_discount: string;
  /** The reference's name of the member (SVIP) discount (as `svip_discount`). */
  member_price: string;
  integral: number;
  integral_price: string;
  deduction_price: string;
  pay_price: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  orderList: GroupOrderStoreDto[];
}

type GroupRow = typeof storeGroupOrder.$inferSelect;
type ItemRow = typeof storeOrderProduct.$inferSelect;

/** One order line as the order pages show it: what was bought, as it was when ordered (its snapshot). */
export function groupItemDto(i: ItemRow): GroupOrderItemDto {
  return {
    order_product_id: i.orderProductId,
    product_id: i.productId,
    spu_product_id: i.snapshot.spu_product_id ?? i.productId,
    product_type: i.productType,
    product_num: i.productNum,
    product_price: toYuan(i.productPrice),
    total_price: toYuan(i.totalPrice),
    pay_price: toYuan(i.payPrice),
    cart_info: {
      product: { store_name: i.snapshot.store_name, image: i.snapshot.image, unit_name: i.snapshot.unit_name },
      productAttr: { sku: i.snapshot.sku, price: toYuan(i.snapshot.price), ot_price: toYuan(i.snapshot.ot_price) },
    },
  };
}

/** Loads one of the shopper's group orders (another shopper's id is a 404, like an unknown one). */
export async function getGroupOrder(ctx: ServiceContext, input: { id: unknown }): Promise<GroupOrderDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const read = () =>
    ctx.db
      .select()
      .from(storeGroupOrder)
      .where(and(eq(storeGroupOrder.groupOrderId, id), eq(storeGroupOrder.uid, user.uid), eq(storeGroupOrder.isDel, false)));
  let [g] = await read();
  if (!g) throw notFound(CANCEL_TEXT.gone);
  // Past its deadline and still unpaid: cancel it now rather than show it payable until the job runs (once either way).
  if (!g.paid && !g.isCancel && g.cancelTime <= now()) {
    await cancelGroupOrder(ctx.db, id, CANCEL_TEXT.expired);
    [g] = await read();
    if (!g) throw notFound(CANCEL_TEXT.gone);
  }
  return (await groupOrderDtos(ctx.db, [g]))[0]!;
}

/**
 * The DTOs of group orders already read and scoped to their shopper, in the order given: their store orders with
 * merchant and lines in two queries, whatever their number (the unpaid order list shows a page of them).
 */
export async function groupOrderDtos(db: Db, groups: readonly GroupRow[]): Promise<GroupOrderDto[]> {
  if (!groups.length) return [];
  const orders = await db
    .select({ o: storeOrder, m: merchant })
    .from(storeOrder)
    .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
    .where(
      inArray(
        storeOrder.groupOrderId,
        groups.map((g) => g.groupOrderId),
      ),
    )
    .orderBy(asc(storeOrder.orderId));
  const items = orders.length
    ? await db
        .select()
        .from(storeOrderProduct)
        .where(
          inArray(
            storeOrderProduct.orderId,
            orders.map((o) => o.o.orderId),
          ),
        )
        .orderBy(asc(storeOrderProduct.orderProductId))
    : [];
  return groups.map((g) => ({
    group_order_id: g.groupOrderId,
    group_order_sn: g.groupOrderSn,
    paid: g.paid ? 1 : 0,
    is_cancel: g.isCancel ? 1 : 0,
    pay_type: g.payType,
    create_time: formatDateTime(g.createdAt)!,
    pay_time: formatDateTime(g.payTime),
    cancel_time: formatDateTime(g.cancelTime)!,
    cancel_unix: Math.floor(g.cancelTime.getTime() / 1000),
    total_num: g.totalNum,
    total_price: toYuan(g.totalPrice),
    total_postage: toYuan(g.totalPostage),
    pay_postage: toYuan(g.totalPostage),
    postage_price: toYuan(g.totalPostage),
    coupon_price: toYuan(g.couponPrice),
    platform_coupon_price: toYuan(g.platformCouponPrice),
    svip_discount: toYuan(g.svipDiscount),
    member_price: toYuan(g.svipDiscount),
    integral: g.integral,
    integral_price: toYuan(g.integralPrice),
    deduction_price: toYuan(g.integralPrice),
    pay_price: toYuan(g.payPrice),
    real_name: g.receiver.real_name,
    user_phone: g.receiver.phone,
    user_address: g.receiver.address,
    orderList: orders
      .filter(({ o }) => o.groupOrderId === g.groupOrderId)
      .map(({ o, m }) => ({
        order_id: o.orderId,
        order_sn: o.orderSn,
        mer_id: o.merId,
        merchant: {
          mer_id: m.merId,
          mer_name: m.merName,
          mer_avatar: m.merAvatar,
          service_phone: m.servicePhone,
          is_trader: m.isTrader ? 1 : 0,
        },
        order_type: o.orderType,
        activity_type: o.activityType,
        mark: o.mark,
        total_num: o.totalNum,
        total_price: toYuan(o.totalPrice),
        pay_postage: toYuan(o.totalPostage),
        coupon_price: toYuan(o.couponPrice),
        svip_discount: toYuan(o.svipDiscount),
        integral: o.integral,
        integral_price: toYuan(o.integralPrice),
        pay_price: toYuan(o.payPrice),
        real_name: o.receiver.real_name,
        user_phone: o.receiver.phone,
        user_address: o.receiver.address,
        receipt: o.receipt,
        order_extend: o.orderExtend ?? [],
        orderProduct: items.filter((i) => i.orderId === o.orderId).map(groupItemDto),
      })),
  }));
}
