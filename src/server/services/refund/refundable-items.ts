import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, product, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { toYuan } from '../../../shared/money.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { refundItemsQuery } from '../../../shared/schemas/refund.ts';
import { REFUND_TEXT, type RefundableItemDto, type RefundProductDto } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { visiblePaid } from '../order/list-orders.ts';
import { refundAllowed } from '../order/get-order.ts';
import { afterSaleSettings } from '../order/order-rules.ts';
import { cartInfoOf, type OrderItemRow } from './refund-dto.ts';
import { ServiceError } from '../errors.ts';

export type StoreOrderRow = typeof storeOrder.$inferSelect;

/** `round(total × k / n)` in integers (halves up). */
const part = (total: number, k: number, n: number) => Math.floor((2 * total * k + n) / (2 * n));

/**
 * The most `n` more units of a line may get back, in cents: its goods share (`pay_price − postage_price`) and, while
 * the order is not shipped (status 0), its postage share. Each share is cumulative (units 1..c already held or
 * refunded, then c+1..c+n), so refunding every unit over several requests gives back exactly what the line was paid.
 */
export function maxRefundOf(
  i: Pick<OrderItemRow, 'productNum' | 'refundNum' | 'payPrice' | 'postagePrice'>,
  n: number,
  unshipped: boolean,
) {
  const c = i.productNum - i.refundNum;
  const goodsTotal = i.payPrice - i.postagePrice;
  const goods = part(goodsTotal, c + n, i.productNum) - part(goodsTotal, c, i.productNum);
  const postage = unshipped ? part(i.postagePrice, c + n, i.productNum) - part(i.postagePrice, c, i.productNum) : 0;
  return { goods, postage };
}

/**
 * The store order may take refund requests now (paid, not a presale awaiting its balance, not refunded in full, within
 * `refund_days`).
 */
export async function assertRefundable(db: Db, o: StoreOrderRow, at: Date): Promise<void> {
  if (!o.paid) throw new ServiceError('refused', REFUND_TEXT.notPaid);
  if (o.status === ORDER_STATUS.presellBalance || o.status === ORDER_STATUS.presellClosed) {
    throw new ServiceError('refused', REFUND_TEXT.presell);
  }
  // Every unit refunded: refundAllowed says no as for an order past its window, but the reason is another.
  if (o.status === ORDER_STATUS.refunded) throw new ServiceError('refused', REFUND_TEXT.allRefunded);
  const { refundDays } = await afterSaleSettings(db);
  if (!refundAllowed(o, true, refundDays, at)) throw new ServiceError('refused', REFUND_TEXT.notAllowed);
}

/** One of the shopper's paid, visible store orders (another shopper's or an unknown id: 404), locked when `lock`. */
export async function shopperOrder(db: Db, uid: number, orderId: number, lock = false): Promise<StoreOrderRow> {
  const q = db
    .select()
    .from(storeOrder)
    .where(and(eq(storeOrder.orderId, orderId), visiblePaid(uid)));
  const [o] = lock ? await q.for('update') : await q;
  if (!o) throw notFound(REFUND_TEXT.orderGone);
  return o;
}

/** The order's lines (of `ids` when given) with their product's refund switch, in order. */
export async function orderLines(db: Db, orderId: number, ids: readonly number[]) {
  return db
    .select({ i: storeOrderProduct, refundSwitch: product.refundSwitch })
    .from(storeOrderProduct)
    .leftJoin(product, eq(product.productId, storeOrderProduct.productId))
    .where(and(eq(storeOrderProduct.orderId, orderId), ids.length ? inArray(storeOrderProduct.orderProductId, [...ids]) : undefined))
    .orderBy(asc(storeOrderProduct.orderProductId));
}

const switchOn = (s: boolean | null) => s !== false;

function refundableDto(i: OrderItemRow, unshipped: boolean): RefundableItemDto {
  const { goods, postage } = maxRefundOf(i, i.refundNum, unshipped);
  return {
    order_product_id: i.orderProductId,
    order_id: i.orderId,
    product_id: i.productId,
    refund_num: i.refundNum,
    product_num: i.productNum,
    pay_price: toYuan(i.payPrice),
    refund_price: toYuan(goods + postage),
    postage_price: toYuan(postage),
    cart_info: cartInfoOf(i),
  };
}

const orderIdInput = z.object({ order_id: idField('订单ID') });

/**
 * `GET /api/refund/batch_product/{order_id}?ids=`: the order's items still refundable (refund_num > 0, the product's
 * refund switch on), of `ids` when given. An order that takes no refund request now gives an empty list.
 */
export async function listRefundableItems(ctx: ServiceContext, input: { order_id: unknown; ids?: unknown }): Promise<RefundableItemDto[]> {
  const user = requireUser(ctx);
  const { order_id } = parseInput(orderIdInput, input);
  const { ids } = parseInput(refundItemsQuery, { ids: input.ids });
  const o = await shopperOrder(ctx.db, user.uid, order_id);
  try {
    await assertRefundable(ctx.db, o, now());
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'refused') return [];
    throw e;
  }
  const lines = await orderLines(ctx.db, o.orderId, ids);
  return lines
    .filter(({ i, refundSwitch }) => i.refundNum > 0 && switchOn(refundSwitch))
    .map(({ i }) => refundableDto(i, o.status === ORDER_STATUS.toShip));
}

/**
 * `GET /api/refund/product/{order_id}?ids&type`: the items of `ids` and the most a request for them may ask: goods
 * for their still-refundable units (`total_refund_price`) and postage while unshipped (`postage_price`). An item not
 * of this order, not refundable or with nothing left is refused, as the apply would refuse it.
 */
export async function getRefundProduct(
  ctx: ServiceContext,
  input: { order_id: unknown; ids?: unknown; type?: unknown },
): Promise<RefundProductDto> {
  const user = requireUser(ctx);
  const { order_id } = parseInput(orderIdInput, input);
  const { ids } = parseInput(
    refundItemsQuery.extend({ ids: refundItemsQuery.shape.ids.pipe(z.array(z.number()).min(1, '请选择要退款的商品')) }),
    {
      ids: input.ids,
    },
  );
  const o = await shopperOrder(ctx.db, user.uid, order_id);
  await assertRefundable(ctx.db, o, now());
  const lines = await orderLines(ctx.db, o.orderId, ids);
  checkLines(lines, ids);
  const unshipped = o.status === ORDER_STATUS.toShip;
  let goods = 0;
  let postage = 0;
  for (const { i } of lines) {
    const m = maxRefundOf(i, i.refundNum, unshipped);
    goods += m.goods;
    postage += m.postage;
  }
  const first = lines[0]!.i;
  const maxByNum =
    lines.length === 1
      ? Array.from({ length: first.refundNum }, (_, k) => {
          const m = maxRefundOf(first, k + 1, unshipped);
          return toYuan(m.goods + m.postage);
        })
      : [];
  return {
    product: lines.map(({ i }) => refundableDto(i, unshipped)),
    total_refund_price: toYuan(goods),
    postage_price: toYuan(postage),
    status: o.status,
    activity_type: o.activityType,
    max_by_num: maxByNum,
  };
}

/** Every id is a line of the order, its product takes refunds, and it has units left. */
export function checkLines(lines: Awaited<ReturnType<typeof orderLines>>, ids: readonly number[]): void {
  if (lines.length !== new Set(ids).size) throw notFound(REFUND_TEXT.itemGone);
  for (const { i, refundSwitch } of lines) {
    if (!switchOn(refundSwitch)) throw new ServiceError('refused', REFUND_TEXT.switchOff);
    if (i.refundNum <= 0) throw new ServiceError('refused', REFUND_TEXT.nothingLeft);
  }
}
