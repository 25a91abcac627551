import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { PRODUCT_TYPE, presell, product, productSku, storeGroupOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { PRODUCT_LIMITS } from '../../../shared/schemas/merchant-product.ts';
import { presellCreateBody, presellStatusBody, presellUpdateBody } from '../../../shared/schemas/merchant-activity.ts';
import { toYuan } from '../../../shared/money.ts';
import { FURTHEST_END_YEARS, furthestEnd } from '../../../shared/schemas/common.ts';
import { transaction } from '../../db/transaction.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { lockSkus, PRODUCT_TEXT, rollUp } from './product-writes.ts';
import { ownPresell, presellIdInput, PRESELL_GONE, readMerchantPresell, type MerchantPresellDto } from './presells.ts';
import { copyForOffer, noRepeats, writeSkus, type SkuChange } from './activity-copy.ts';
import { presellEndsAt, queueOfferEnd } from './activity-end.ts';

export const PRESELL_TEXT = {
  window: '结束时间（end_time）须晚于开始时间（start_time）',
  past: '结束时间（end_time）不能早于现在',
  far: `结束时间（end_time）不能晚于${FURTHEST_END_YEARS}年后`,
  finalMissing: '定金预售请填写尾款开始时间（final_start_time）和尾款结束时间（final_end_time）',
  finalEarly: '尾款开始时间（final_start_time）不能早于预售结束时间（end_time）',
  finalWindow: '尾款结束时间（final_end_time）须晚于尾款开始时间（final_start_time）',
  finalPast: '尾款结束时间（final_end_time）不能早于现在',
  finalFar: `尾款结束时间（final_end_time）不能晚于${FURTHEST_END_YEARS}年后`,
  finalForFull: '全款预售没有尾款时间，请勿填写 final_start_time / final_end_time',
  skuLeftOut: (u: string) => `请为商品的每个SKU填写预售价和预售库存，缺少：${u}`,
  priceZero: (u: string) => `SKU ${u} 的预售价须大于0`,
  priceHigh: (u: string, max: string) => `SKU ${u} 的预售价不能高于原价 ¥${max}`,
  downRange: (u: string, price: string) => `SKU ${u} 的定金（down_price）须大于0且小于预售价 ¥${price}`,
  downForFull: (u: string) => `全款预售无需定金，SKU ${u} 的定金（down_price）须为0`,
  noStock: '请至少为一个SKU填写大于0的预售库存',
  originShort: (u: string, left: number) => `SKU ${u} 的商品库存不足，最多可转入${left}件`,
  originGone: (u: string) => `SKU ${u} 在商品中已不存在，库存无法转入（减少库存仍可：不退回商品，直接核销）`,
  stockBelowZero: (u: string, left: number) => `SKU ${u} 的预售库存只剩${left}件，不能减少更多`,
  ended: '预售活动已结束，不能再转入库存',
  ordered: (what: string) => `已有用户下单，不能再修改${what}`,
  endLater: '已有用户下单，结束时间（end_time）只能提前，不能推迟',
  deliveryLonger: '已有用户下单，发货天数（delivery_day）只能缩短，不能延长',
} as const;

interface Windows {
  presellType: number;
  startTime: Date;
  endTime: Date;
  finalStartTime: Date | null;
  finalEndTime: Date | null;
}

/**
 * The windows of a presale: it ends after it starts; a deposit presale's balance window opens at or after its end and
 * closes after it opens; a full-payment one has none. `named` says which times the call sets (those must not be over).
 */
function checkWindows(w: Windows, named: { end: boolean; finalEnd: boolean }): void {
  const at = now();
  if (w.endTime <= w.startTime) throw new ServiceError('invalid', PRESELL_TEXT.window);
  if (named.end && w.endTime <= at) throw new ServiceError('invalid', PRESELL_TEXT.past);
  if (named.end && w.endTime > furthestEnd(at)) throw new ServiceError('invalid', PRESELL_TEXT.far);
  if (w.presellType === 1) {
    if (w.finalStartTime || w.finalEndTime) throw new ServiceError('invalid', PRESELL_TEXT.finalForFull);
    return;
  }
  if (!w.finalStartTime || !w.finalEndTime) throw new ServiceError('invalid', PRESELL_TEXT.finalMissing);
  if (w.finalStartTime < w.endTime) throw new ServiceError('invalid', PRESELL_TEXT.finalEarly);
  if (w.finalEndTime <= w.finalStartTime) throw new ServiceError('invalid', PRESELL_TEXT.finalWindow);
  if (named.finalEnd && w.finalEndTime <= at) throw new ServiceError('invalid', PRESELL_TEXT.finalPast);
  if (named.finalEnd && w.finalEndTime > furthestEnd(at)) throw new ServiceError('invalid', PRESELL_TEXT.finalFar);
}

/** A SKU's presale price (≤ the product's own `max`) and deposit (deposit presales: more than 0, less than the price). */
function checkPrices(unique: string, presellType: number, price: number, down: number, max: number): void {
  if (price <= 0) throw new ServiceError('invalid', PRESELL_TEXT.priceZero(unique));
  if (price > max) throw new ServiceError('invalid', PRESELL_TEXT.priceHigh(unique, toYuan(max)));
  if (presellType === 1 && down !== 0) throw new ServiceError('invalid', PRESELL_TEXT.downForFull(unique));
  if (presellType === 2 && (down <= 0 || down >= price)) throw new ServiceError('invalid', PRESELL_TEXT.downRange(unique, toYuan(price)));
}

/** Whether shoppers hold orders of the presale (not cancelled): paid deposits and full payments are promises kept. */
async function hasOrders(tx: Tx, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: storeOrderProduct.orderId })
    .from(storeOrderProduct)
    .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
    .innerJoin(storeGroupOrder, eq(storeGroupOrder.groupOrderId, storeOrder.groupOrderId))
    .where(and(eq(storeOrderProduct.productId, productId), eq(storeGroupOrder.isCancel, false)))
    .limit(1);
  return !!row;
}

/**
 * `POST /api/merchant/presell/create`: a presale of one of the shop's ordinary products, built as the seed builds one
 * (a product row of type 2 copied from the product, its specs, details and one SKU per SKU of the product with the
 * presale price, deposit and stock, and its `presell` row) in one transaction. The presale's stock is taken from the
 * product's own SKUs (reserved: the product sells that much less until it is given back with a negative `add`, or the
 * presale ends: what is left then goes back by itself, activity-end.ts). Off the shelf unless `status` is 1. Answers the presale as the detail does (its `product_presell_id` names it from then on).
 */
export async function createMerchantPresell(ctx: MerchantContext, input: unknown): Promise<MerchantPresellDto> {
  const { merId } = requireMerchant(ctx);
  const body = parseInput(presellCreateBody, input);
  checkWindows(
    {
      presellType: body.presell_type,
      startTime: body.start_time,
      endTime: body.end_time,
      finalStartTime: body.final_start_time ?? null,
      finalEndTime: body.final_end_time ?? null,
    },
    { end: true, finalEnd: true },
  );
  noRepeats(body.attrValue);
  const originId = body.origin_product_id;
  const presellId = await transaction(ctx.db, async (tx) => {
    const { productId, storeName } = await copyForOffer(tx, merId, originId, {
      productType: PRODUCT_TYPE.presell,
      status: body.status,
      storeName: body.store_name,
      // A full-payment presale's deposit must be 0 (checkPrices refuses another).
      skus: body.attrValue.map((x) => ({ ...x, downPrice: x.down_price })),
      checkPrice: (r, x) => checkPrices(r.unique, body.presell_type, x.price, x.downPrice ?? 0, r.price),
      text: PRESELL_TEXT,
    });
    const [pr] = await tx
      .insert(presell)
      .values({
        productId,
        originProductId: originId,
        storeName,
        presellType: body.presell_type,
        startTime: body.start_time,
        endTime: body.end_time,
        finalStartTime: body.presell_type === 2 ? body.final_start_time! : null,
        finalEndTime: body.presell_type === 2 ? body.final_end_time! : null,
        deliveryType: body.delivery_type,
        deliveryDay: body.delivery_day,
        payCount: body.pay_count,
        status: true,
      })
      .returning({ id: presell.productPresellId });
    // At its end, what is left goes back to the product (activity-end.ts).
    await queueOfferEnd(tx, productId, presellEndsAt(body.end_time));
    // The presale's page and the presale lists (`product:` drops every list); the product's own stock, as an order would.
    invalidate(tx, [tag('product', productId), tag('stock', originId)]);
    return pr!.id;
  });
  return (await readMerchantPresell(ctx.db, merId, presellId))!;
}

/**
 * `POST /api/merchant/presell/update/{id}` (`id` = product_presell_id): what the body names, in one transaction: name,
 * kind, windows, shipping promise, cap, and per SKU of the presale (`unique`) a new `price`, `down_price` and/or a stock
 * change `add`. A positive `add` is taken from the product's own SKU with the same spec values, a negative one given back
 * to it (written off when the product no longer has that SKU: the pieces leave the presale, a positive `add` is refused);
 * both under the SKUs' locks (one statement, checkout's order), so sales made meanwhile, of either, count once.
 *
 * Once shoppers hold orders of it (any not cancelled), what they paid or were promised stands: the kind, the prices and
 * deposits, the start, the balance window and the way of shipping are refused; the end may only come earlier and
 * `delivery_day` only get shorter. The name, the cap, the stock and the shelf can always change.
 */
export async function updateMerchantPresell(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<MerchantPresellDto> {
  const { merId } = requireMerchant(ctx);
  const { id: presellId } = parseInput(presellIdInput, { id: input.id });
  const { id: _, ...rest } = input;
  const body = parseInput(presellUpdateBody, rest);
  const [current] = await ctx.db
    .select({ productId: presell.productId, originId: presell.originProductId })
    .from(presell)
    .innerJoin(product, eq(product.productId, presell.productId))
    .where(ownPresell(merId, presellId));
  if (!current) throw notFound(PRESELL_GONE);
  noRepeats(body.attrValue);
  const { productId: id, originId } = current;
  const moves = body.attrValue.some((x) => x.add);
  await transaction(ctx.db, async (tx) => {
    // The product's SKUs and the presale's in one statement, in checkout's order (`stockOrder`): an order of
    // both at once and this change queue instead of deadlocking.
    const locked = moves ? await lockSkus(tx, originId, id) : await lockSkus(tx, id);
    const origins = locked.filter((s) => s.productId === originId);
    const skus = locked.filter((s) => s.productId === id);
    const [own] = await tx
      .select({ id: product.productId })
      .from(product)
      .where(and(ownPresell(merId), eq(product.productId, id)));
    if (!own) throw notFound(PRESELL_GONE);
    // The settings as they are now (held until commit), so two edits of different fields both stand.
    const [settings] = await tx.select().from(presell).where(eq(presell.productPresellId, presellId)).for('update');
    const s = settings!;
    const presellType = body.presell_type ?? s.presellType;
    const full = presellType === 1;
    const w: Windows = {
      presellType,
      startTime: body.start_time ?? s.startTime,
      endTime: body.end_time ?? s.endTime,
      // A full-payment presale has no balance window: turned into one, it drops it (naming one is refused).
      finalStartTime: body.final_start_time ?? (full ? null : s.finalStartTime),
      finalEndTime: body.final_end_time ?? (full ? null : s.finalEndTime),
    };
    checkWindows(w, { end: body.end_time !== undefined, finalEnd: body.final_end_time !== undefined });
    const deliveryType = body.delivery_type ?? s.deliveryType;
    const deliveryDay = body.delivery_day ?? s.deliveryDay;

    const rows = new Map((await tx.select().from(productSku).where(eq(productSku.productId, id))).map((r) => [r.unique, r] as const));
    const given = new Map(body.attrValue.map((x) => [x.unique, x]));
    for (const x of body.attrValue) {
      if (!rows.has(x.unique) || !skus.some((k) => k.unique === x.unique))
        throw new ServiceError('invalid', PRODUCT_TEXT.skuMissing(x.unique));
    }
    const changes: SkuChange[] = [];
    let repriced = false;
    for (const r of rows.values()) {
      const x = given.get(r.unique);
      const price = x?.price ?? r.price;
      const down = full ? (x?.down_price ?? 0) : (x?.down_price ?? r.downPrice);
      checkPrices(r.unique, presellType, price, down, r.otPrice);
      const change: SkuChange = { unique: r.unique };
      if (price !== r.price) change.price = price;
      if (down !== r.downPrice) change.downPrice = down;
      if (change.price !== undefined || change.downPrice !== undefined) repriced = true;
      changes.push(change);
    }

    // What shoppers holding orders were promised stands.
    const timeMoved = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) !== (b?.getTime() ?? null);
    if (await hasOrders(tx, id)) {
      if (presellType !== s.presellType) throw new ServiceError('invalid', PRESELL_TEXT.ordered('预售类型（presell_type）'));
      if (repriced) throw new ServiceError('invalid', PRESELL_TEXT.ordered('预售价和定金（price、down_price）'));
      if (timeMoved(w.startTime, s.startTime)) throw new ServiceError('invalid', PRESELL_TEXT.ordered('开始时间（start_time）'));
      if (timeMoved(w.finalStartTime, s.finalStartTime) || timeMoved(w.finalEndTime, s.finalEndTime)) {
        throw new ServiceError('invalid', PRESELL_TEXT.ordered('尾款时间（final_start_time、final_end_time）'));
      }
      if (deliveryType !== s.deliveryType) throw new ServiceError('invalid', PRESELL_TEXT.ordered('发货方式（delivery_type）'));
      if (w.endTime > s.endTime) throw new ServiceError('invalid', PRESELL_TEXT.endLater);
      if (deliveryDay > s.deliveryDay) throw new ServiceError('invalid', PRESELL_TEXT.deliveryLonger);
    }

    const originOf = new Map(origins.map((o) => [o.sku, o]));
    const back: SkuChange[] = [];
    let moved = false;
    for (const x of body.attrValue) {
      if (!x.add) continue;
      const r = rows.get(x.unique)!;
      const held = skus.find((k) => k.unique === x.unique)!;
      // A product SKU removed since: pieces can still leave the presale (written off, nowhere to go), none can come.
      const o = originOf.get(r.sku);
      if (!o && x.add > 0) throw new ServiceError('invalid', PRESELL_TEXT.originGone(x.unique));
      // Pieces added to an ended presale would only go straight back to the product (activity-end.ts).
      if (x.add > 0 && presellEndsAt(w.endTime) <= now()) throw new ServiceError('invalid', PRESELL_TEXT.ended);
      if (o && x.add > o.stock) throw new ServiceError('invalid', PRESELL_TEXT.originShort(x.unique, o.stock));
      if (-x.add > held.stock) throw new ServiceError('invalid', PRESELL_TEXT.stockBelowZero(x.unique, held.stock));
      const stock = held.stock + x.add;
      if (stock > PRODUCT_LIMITS.stock) throw new ServiceError('invalid', PRODUCT_TEXT.stockTooHigh(x.unique));
      if (o) back.push({ unique: o.unique, stock: o.stock - x.add });
      changes.find((c) => c.unique === x.unique)!.stock = stock;
      moved = true;
    }
    await writeSkus(tx, back);
    await writeSkus(tx, changes);
    if (back.length) await rollUp(tx, originId);
    if (moved || repriced) await rollUp(tx, id);
    await tx
      .update(presell)
      .set({
        storeName: body.store_name ?? s.storeName,
        presellType,
        startTime: w.startTime,
        endTime: w.endTime,
        finalStartTime: w.finalStartTime,
        finalEndTime: w.finalEndTime,
        deliveryType,
        deliveryDay,
        payCount: body.pay_count ?? s.payCount,
      })
      .where(eq(presell.productPresellId, presellId));
    // A changed end queues its own return of the stock left (the old end's job finds the presale not ended then).
    await queueOfferEnd(tx, id, presellEndsAt(w.endTime));
    if (body.store_name !== undefined) await tx.update(product).set({ storeName: body.store_name }).where(eq(product.productId, id));
    const changed: Tag[] = [tag('product', id)];
    if (back.length) changed.push(tag('stock', originId));
    invalidate(tx, changed);
  });
  return (await readMerchantPresell(ctx.db, merId, presellId))!;
}

/**
 * `POST /api/merchant/presell/status/{id}` `{status}` (`id` = product_presell_id): the presale on the shelf (1) or off
 * it (0); shoppers see it at once (off, it leaves the lists and its page is a 404; checkout refuses it).
 */
export async function setMerchantPresellStatus(
  ctx: MerchantContext,
  input: { id: unknown; status?: unknown },
): Promise<{ product_presell_id: number; product_id: number; status: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(presellIdInput, { id: input.id });
  const { status } = parseInput(presellStatusBody, input);
  const [row] = await ctx.db
    .update(product)
    .set({ status })
    .where(
      and(
        eq(product.merId, merId),
        eq(product.productType, PRODUCT_TYPE.presell),
        inArray(product.productId, ctx.db.select({ id: presell.productId }).from(presell).where(eq(presell.productPresellId, id))),
      ),
    )
    .returning({ id: product.productId, status: product.status });
  if (!row) throw notFound(PRESELL_GONE);
  invalidate(ctx.db, [tag('product', row.id)]);
  return { product_presell_id: id, product_id: row.id, status: row.status };
}
