import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { PRODUCT_TYPE, product, productSku, seckillProduct, seckillTime } from '../../db/schema/index.ts';
import { PRODUCT_LIMITS } from '../../../shared/schemas/merchant-product.ts';
import { seckillCreateBody, seckillStatusBody, seckillUpdateBody } from '../../../shared/schemas/merchant-activity.ts';
import { toYuan } from '../../../shared/money.ts';
import { FURTHEST_END_YEARS, furthestEnd } from '../../../shared/schemas/common.ts';
import { transaction } from '../../db/transaction.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { mallDate, now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { lockSkus, PRODUCT_TEXT, rollUp } from './product-writes.ts';
import { copyForOffer, noRepeats, writeSkus } from './activity-copy.ts';
import { queueOfferEnd, seckillEndsAt } from './activity-end.ts';
import { ownSeckill, readMerchantSeckill, SECKILL_GONE, seckillIdInput, type MerchantSeckillDto } from './seckills.ts';

export const SECKILL_TEXT = {
  session: '秒杀场次不存在或已停用（seckill_time_id），可用的场次见 GET /api/merchant/seckill/sessions',
  days: '结束日期不能早于开始日期',
  past: '结束日期不能早于今天',
  far: `结束日期（end_day）不能晚于${FURTHEST_END_YEARS}年后`,
  caps: '单次限购数量（once_pay_count）不能大于限购总数（all_pay_count）',
  onceZero: '单次限购数量（once_pay_count）至少为1',
  skuLeftOut: (u: string) => `请为商品的每个SKU填写秒杀价和秒杀库存，缺少：${u}`,
  priceZero: (u: string) => `SKU ${u} 的秒杀价须大于0`,
  priceHigh: (u: string, max: string) => `SKU ${u} 的秒杀价不能高于原价 ¥${max}`,
  noStock: '请至少为一个SKU填写大于0的秒杀库存',
  originShort: (u: string, left: number) => `SKU ${u} 的商品库存不足，最多可转入${left}件`,
  originGone: (u: string) => `SKU ${u} 在商品中已不存在，库存无法转入（减少库存仍可：不退回商品，直接核销）`,
  stockBelowZero: (u: string, left: number) => `SKU ${u} 的秒杀库存只剩${left}件，不能减少更多`,
  ended: '秒杀活动已结束，不能再转入库存；如要继续，请把结束日期（end_day）改到今天或以后',
  overlap: (id: number, start: string, end: string) =>
    `该商品已在同一场次的秒杀 #${id}（${start} 至 ${end}）中，同一商品同一场次的秒杀日期不能重叠`,
} as const;

/** The mall date today (Asia/Shanghai). */
const today = () => mallDate(now());

function checkDays(startDay: string, endDay: string): void {
  if (endDay < startDay) throw new ServiceError('invalid', SECKILL_TEXT.days);
  if (endDay < today()) throw new ServiceError('invalid', SECKILL_TEXT.past);
  if (endDay > mallDate(furthestEnd(now()))) throw new ServiceError('invalid', SECKILL_TEXT.far);
}

function checkCaps(once: number, all: number): void {
  if (once < 1) throw new ServiceError('invalid', SECKILL_TEXT.onceZero);
  if (all && once > all) throw new ServiceError('invalid', SECKILL_TEXT.caps);
}

async function checkSession(db: Db, id: number): Promise<void> {
  const [s] = await db
    .select({ id: seckillTime.seckillTimeId })
    .from(seckillTime)
    .where(and(eq(seckillTime.seckillTimeId, id), eq(seckillTime.status, true)));
  if (!s) throw new ServiceError('invalid', SECKILL_TEXT.session);
}

/**
 * In the caller's transaction, under the product's SKU locks (so two writes of offers of one product run one after the
 * other and the second sees the first): no other flash sale of product `originId` in session `timeId` shares a day with
 * `startDay`..`endDay`. Every offer counts, on the shelf or off it, but one that has ended (its last day before today).
 */
async function checkOverlap(tx: Tx, originId: number, timeId: number, startDay: string, endDay: string, self?: number): Promise<void> {
  const [other] = await tx
    .select({ id: seckillProduct.productId, startDay: seckillProduct.startDay, endDay: seckillProduct.endDay })
    .from(seckillProduct)
    .where(
      and(
        eq(seckillProduct.originProductId, originId),
        eq(seckillProduct.seckillTimeId, timeId),
        lte(seckillProduct.startDay, endDay),
        gte(seckillProduct.endDay, startDay),
        gte(seckillProduct.endDay, today()),
        self === undefined ? undefined : ne(seckillProduct.productId, self),
      ),
    )
    .limit(1);
  if (other) throw new ServiceError('invalid', SECKILL_TEXT.overlap(other.id, other.startDay, other.endDay));
}

/**
 * `POST /api/merchant/seckill/create`: a flash-sale offer of one of the shop's ordinary products, built as the seed
 * builds one (a product row of type 1 copied from the product, its specs, details and one SKU per SKU of the product
 * with the flash-sale price and stock, and its `seckill_product` settings) in one transaction. The offer's stock is
 * taken from the product's own SKUs (reserved: the product sells that much less until it is given back with a negative
 * `add`, or the offer ends: what is left then goes back by itself, activity-end.ts). Off the shelf unless `status` is 1.
 * Refused when another flash sale of the product in the same session shares a day with it (`checkOverlap`).
 */
export async function createMerchantSeckill(ctx: MerchantContext, input: unknown): Promise<MerchantSeckillDto> {
  const { merId } = requireMerchant(ctx);
  const body = parseInput(seckillCreateBody, input);
  checkDays(body.start_day, body.end_day);
  checkCaps(body.once_pay_count, body.all_pay_count);
  noRepeats(body.attrValue);
  await checkSession(ctx.db, body.seckill_time_id);
  const originId = body.origin_product_id;
  const id = await transaction(ctx.db, async (tx) => {
    const { productId } = await copyForOffer(tx, merId, originId, {
      productType: PRODUCT_TYPE.seckill,
      status: body.status,
      skus: body.attrValue,
      checkPrice: (r, x) => {
        if (x.price <= 0) throw new ServiceError('invalid', SECKILL_TEXT.priceZero(r.unique));
        if (x.price > r.price) throw new ServiceError('invalid', SECKILL_TEXT.priceHigh(r.unique, toYuan(r.price)));
      },
      text: SECKILL_TEXT,
    });
    // Under the product's SKU locks copyForOffer took: a concurrent offer of the product has committed or waits.
    await checkOverlap(tx, originId, body.seckill_time_id, body.start_day, body.end_day);
    await tx.insert(seckillProduct).values({
      productId,
      originProductId: originId,
      seckillTimeId: body.seckill_time_id,
      startDay: body.start_day,
      endDay: body.end_day,
      oncePayCount: body.once_pay_count,
      allPayCount: body.all_pay_count,
    });
    // At its end, what is left goes back to the product (activity-end.ts).
    await queueOfferEnd(tx, productId, seckillEndsAt(body.end_day));
    // The offer's page and the flash-sale lists (`product:` drops every list); the product's own stock, as an order would.
    invalidate(tx, [tag('product', productId), tag('stock', originId)]);
    return productId;
  });
  return (await readMerchantSeckill(ctx.db, merId, id))!;
}

/**
 * `POST /api/merchant/seckill/update/{id}`: what the body names, in one transaction: session, days, caps, and per SKU of
 * the offer (`unique`) a new `price` and/or a stock change `add`. A positive `add` is taken from the product's own SKU
 * with the same spec values, a negative one given back to it (written off when the product no longer has that SKU: the
 * pieces leave the offer, a positive `add` is refused); both under the SKUs' locks (the product's first, then
 * the offer's: checkout's order), so sales made meanwhile, of either, count once. New days or a new session are refused
 * when they overlap another flash sale of the product in the same session (`checkOverlap`, under the product's locks).
 */
export async function updateMerchantSeckill(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<MerchantSeckillDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(seckillIdInput, { id: input.id });
  const { id: _, ...rest } = input;
  const body = parseInput(seckillUpdateBody, rest);
  const [current] = await ctx.db
    .select({ originId: seckillProduct.originProductId })
    .from(seckillProduct)
    .innerJoin(product, eq(product.productId, seckillProduct.productId))
    .where(ownSeckill(merId, id));
  if (!current) throw notFound(SECKILL_GONE);
  noRepeats(body.attrValue);
  if (body.seckill_time_id !== undefined) await checkSession(ctx.db, body.seckill_time_id);
  const originId = current.originId;
  const moves = body.attrValue.some((x) => x.add);
  const redated = body.seckill_time_id !== undefined || body.start_day !== undefined || body.end_day !== undefined;
  await transaction(ctx.db, async (tx) => {
    // The product's SKUs and the offer's in one statement, in checkout's order (`stockOrder`): an order of
    // both at once and this change queue instead of deadlocking. New days or session take the product's too, so the
    // overlap check sees every other offer of the product (creation takes them as well).
    const locked = moves || redated ? await lockSkus(tx, originId, id) : await lockSkus(tx, id);
    const origins = locked.filter((s) => s.productId === originId);
    const skus = locked.filter((s) => s.productId === id);
    const [own] = await tx.select({ id: product.productId }).from(product).where(ownSeckill(merId, id));
    if (!own) throw notFound(SECKILL_GONE);
    // The settings as they are now (held until commit), so two edits of different fields both stand.
    const [settings] = await tx.select().from(seckillProduct).where(eq(seckillProduct.productId, id)).for('update');
    const startDay = body.start_day ?? settings!.startDay;
    const endDay = body.end_day ?? settings!.endDay;
    if (body.start_day !== undefined || body.end_day !== undefined) checkDays(startDay, endDay);
    const timeId = body.seckill_time_id ?? settings!.seckillTimeId;
    if (redated) await checkOverlap(tx, originId, timeId, startDay, endDay, id);
    const once = body.once_pay_count ?? settings!.oncePayCount;
    const all = body.all_pay_count ?? settings!.allPayCount;
    checkCaps(once, all);
    const rows = new Map((await tx.select().from(productSku).where(eq(productSku.productId, id))).map((r) => [r.unique, r] as const));
    const originOf = new Map(origins.map((o) => [o.sku, o]));
    const offer: { unique: string; stock: number; price?: number }[] = [];
    const back: { unique: string; stock: number }[] = [];
    for (const x of body.attrValue) {
      const r = rows.get(x.unique);
      const locked = skus.find((s) => s.unique === x.unique);
      if (!r || !locked) throw new ServiceError('invalid', PRODUCT_TEXT.skuMissing(x.unique));
      if (x.price !== undefined) {
        if (x.price <= 0) throw new ServiceError('invalid', SECKILL_TEXT.priceZero(x.unique));
        if (x.price > r.otPrice) throw new ServiceError('invalid', SECKILL_TEXT.priceHigh(x.unique, toYuan(r.otPrice)));
      }
      let stock = locked.stock;
      if (x.add) {
        // A product SKU removed since: pieces can still leave the offer (written off, nowhere to go), none can come.
        const o = originOf.get(r.sku);
        if (!o && x.add > 0) throw new ServiceError('invalid', SECKILL_TEXT.originGone(x.unique));
        // Pieces added to an ended offer would only go straight back to the product (activity-end.ts).
        if (x.add > 0 && seckillEndsAt(endDay) <= now()) throw new ServiceError('invalid', SECKILL_TEXT.ended);
        if (o && x.add > o.stock) throw new ServiceError('invalid', SECKILL_TEXT.originShort(x.unique, o.stock));
        if (-x.add > locked.stock) throw new ServiceError('invalid', SECKILL_TEXT.stockBelowZero(x.unique, locked.stock));
        stock = locked.stock + x.add;
        if (stock > PRODUCT_LIMITS.stock) throw new ServiceError('invalid', PRODUCT_TEXT.stockTooHigh(x.unique));
        if (o) back.push({ unique: o.unique, stock: o.stock - x.add });
      }
      offer.push({ unique: x.unique, stock, price: x.price });
    }
    await writeSkus(tx, back);
    await writeSkus(tx, offer);
    if (back.length) await rollUp(tx, originId);
    if (offer.length) await rollUp(tx, id);
    await tx
      .update(seckillProduct)
      .set({ seckillTimeId: timeId, startDay, endDay, oncePayCount: once, allPayCount: all })
      .where(eq(seckillProduct.productId, id));
    // A changed end queues its own return of the stock left (the old end's job finds the offer not ended then).
    await queueOfferEnd(tx, id, seckillEndsAt(endDay));
    const changed: Tag[] = [tag('product', id)];
    if (back.length) changed.push(tag('stock', originId));
    invalidate(tx, changed);
  });
  return (await readMerchantSeckill(ctx.db, merId, id))!;
}

/** `POST /api/merchant/seckill/status/{id}` `{status}`: the offer on the shelf (1) or off it (0); shoppers see it at once. */
export async function setMerchantSeckillStatus(
  ctx: MerchantContext,
  input: { id: unknown; status?: unknown },
): Promise<{ product_id: number; status: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(seckillIdInput, { id: input.id });
  const { status } = parseInput(seckillStatusBody, input);
  const [row] = await ctx.db
    .update(product)
    .set({ status })
    .where(ownSeckill(merId, id))
    .returning({ id: product.productId, status: product.status });
  if (!row) throw notFound(SECKILL_GONE);
  invalidate(ctx.db, [tag('product', id)]);
  return { product_id: row.id, status: row.status };
}
