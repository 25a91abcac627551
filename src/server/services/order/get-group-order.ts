import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, presell, presellOrder, storeGroupOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { returnedPayments, type ReturnedPaymentDto } from '../payment/returned-payments.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime, now } from '../dates.ts';
import { CANCEL_TEXT, cancelGroupOrder } from './cancel-order.ts';
import type { OrderExtendItem } from '../../../shared/order-form.ts';
import {
  linePresell,
  pendingPresellDto,
  presellDto,
  type LinePresellAttrDto,
  type LinePresellDto,
  type PresellOrderDto,
} from './presell-dto.ts';

export interface GroupOrderItemDto {
  order_product_id: number;
  product_id: number;
  spu_product_id: number;
  product_type: number;
  product_num: number;
  /** The SKU bought (its `unique`): the reference's 再次购买 sends it as `product_attr_unique`. */
  product_sku: string;
  product_price: string;
  total_price: string;
  pay_price: string;
  cart_info: {
    product: { store_name: string; image: string; unit_name: string };
    productAttr: { sku: string; price: string; ot_price: string };
    /** A presale line's terms (`presell_type` 1 full payment, 2 deposit, as CRMEB clients read it); null on other lines. */
    productPresell: LinePresellDto | null;
    /** A presale line's unit prices (presale price, deposit, the rest); null on other lines. */
    productPresellAttr: LinePresellAttrDto | null;
  };
}

export interface GroupOrderStoreDto {
  order_id: number;
  order_sn: string;
  mer_id: number;
  /** The shop, with how it answers (`services_type` 0 chat and phone, 1 phone only). */
  merchant: { mer_id: number; mer_name: string; mer_avatar: string; service_phone: string; services_type: number; is_trader: number };
  order_type: number;
  activity_type: number;
  /** 0 not a presale, 1 a full-payment presale, 2 a deposit presale (pays `pay_price` now, `presellOrder.pay_price` later). */
  presell_type: number;
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
  /**
   * A deposit presale's balance (stage 2): what it will be once the deposit (stage 1, this order's `pay_price`) is
   * paid, then the balance as recorded; null for any other order.
   */
  presellOrder: PresellOrderDto | null;
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
  /** The presale kind of its presale part (0 none, 1 full payment, 2 deposit): 待付定金 or 待付款. */
  presell_type: number;
  orderList: GroupOrderStoreDto[];
  /**
   * Payments a gateway took for this order that it could not use (it was cancelled, or paid by another payment
   * meanwhile): `refund_due` while the money is on its way back, `refunded` once the gateway gave it back.
   */
  returned_payments: ReturnedPaymentDto[];
}

/** The shop of an order as the order pages show it: name, avatar, how it answers, self-operated. */
export function orderMerchantDto(m: typeof merchant.$inferSelect): GroupOrderStoreDto['merchant'] {
  return {
    mer_id: m.merId,
    mer_name: m.merName,
    mer_avatar: m.merAvatar,
    service_phone: m.servicePhone,
    services_type: m.servicesType,
    is_trader: m.isTrader ? 1 : 0,
  };
}

type GroupRow = typeof storeGroupOrder.$inferSelect;
type ItemRow = typeof storeOrderProduct.$inferSelect;

type PresellRow = typeof presell.$inferSelect;

/**
 * One order line as the order pages show it: what was bought, as it was when ordered (its snapshot), with its
 * presale's terms when it is a presale line and `pr` is given.
 */
export function groupItemDto(i: ItemRow, pr: PresellRow | null = null, at = now()): GroupOrderItemDto {
  const terms = pr && i.productType === 2 ? linePresell(i, pr, at) : null;
  return {
    order_product_id: i.orderProductId,
    product_id: i.productId,
    spu_product_id: i.snapshot.spu_product_id ?? i.productId,
    product_type: i.productType,
    product_num: i.productNum,
    product_sku: i.productAttrUnique,
    product_price: toYuan(i.productPrice),
    total_price: toYuan(i.totalPrice),
    pay_price: toYuan(i.payPrice),
    cart_info: {
      product: { store_name: i.snapshot.store_name, image: i.snapshot.image, unit_name: i.snapshot.unit_name },
      productAttr: { sku: i.snapshot.sku, price: toYuan(i.snapshot.price), ot_price: toYuan(i.snapshot.ot_price) },
      productPresell: terms?.productPresell ?? null,
      productPresellAttr: terms?.productPresellAttr ?? null,
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
    .select({ o: storeOrder, m: merchant, po: presellOrder })
    .from(storeOrder)
    .innerJoin(merchant, eq(merchant.merId, storeOrder.merId))
    .leftJoin(presellOrder, eq(presellOrder.orderId, storeOrder.orderId))
    .where(
      inArray(
        storeOrder.groupOrderId,
        groups.map((g) => g.groupOrderId),
      ),
    )
    .orderBy(asc(storeOrder.orderId));
  const items = orders.length
    ? await db
        .select({ i: storeOrderProduct, pr: presell })
        .from(storeOrderProduct)
        .leftJoin(presell, eq(presell.productId, storeOrderProduct.productId))
        .where(
          inArray(
            storeOrderProduct.orderId,
            orders.map((o) => o.o.orderId),
          ),
        )
        .orderBy(asc(storeOrderProduct.orderProductId))
    : [];
  const at = now();
  const parts = groups.map((g) =>
    orders
      .filter(({ o }) => o.groupOrderId === g.groupOrderId)
      .map(({ o, m, po }) => {
        const lines = items.filter(({ i }) => i.orderId === o.orderId);
        const presale = lines.find(({ i, pr }) => i.productType === 2 && pr);
        return {
          order_id: o.orderId,
          order_sn: o.orderSn,
          mer_id: o.merId,
          merchant: orderMerchantDto(m),
          order_type: o.orderType,
          activity_type: o.activityType,
          presell_type: presale?.pr?.presellType ?? 0,
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
          orderProduct: lines.map(({ i, pr }) => groupItemDto(i, pr, at)),
          // Paid: the balance as recorded; not yet: as paying the deposit will record it.
          presellOrder: po ? presellDto(po, o.payPrice, at) : o.paid ? null : pendingPresellDto(lines, o.payPrice, at),
        } satisfies GroupOrderStoreDto;
      }),
  );
  const returnedOf = await returnedPayments(
    db,
    'group',
    groups.map((g) => ({ id: g.groupOrderId, uid: g.uid })),
  );
  return groups.map((g, gi) => ({
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
    presell_type: Math.max(0, ...parts[gi]!.map((o) => o.presell_type)),
    orderList: parts[gi]!,
    returned_payments: returnedOf(g.groupOrderId),
  }));
}
