import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { coupon, couponProduct, couponUser, merchant, product } from '../../db/schema/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { blank } from '../../../shared/schemas/common.ts';
import {
  couponProblem,
  merchantCouponBody,
  merchantCouponListQuery,
  merchantCouponStatusBody,
  type CouponTerms,
  type MerchantCouponBody,
} from '../../../shared/schemas/merchant-coupon.ts';
import { invalidate } from '../cache.ts';
import { COUPON_FLAGS, productCouponsTag, shopCouponsTag, tag, type Tag } from '../cache-tags.ts';
import { couponDto, type CouponDto } from '../coupon/coupon-dto.ts';
import { claimableAt } from '../coupon/coupon-rules.ts';
import { formatDateTime, now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/**
 * The shop's own coupons through the merchant API (`/api/merchant/coupon/...`): shop coupons (type 0, every normal
 * product of the shop) and product coupons (type 1, products of the shop listed in `product_id`); the platform's
 * types (10, 11, 12) are the operator's. Every query is scoped to the token's shop: another shop's coupon is the same
 * 404 as an unknown one.
 *
 * Shoppers' coupons keep their terms. A claim copies the title, amount and threshold into the shopper's coupon and
 * fixes its validity then (coupon-rules.ts `validityOf`), and checkout reads only that copy; so once a coupon has
 * been claimed, what would make the coupons already handed out and the ones still offered differ is refused: amount,
 * threshold, validity (type and days or dates), claim start, whether it is limited, the per-shopper limit and the type.
 * What can change at any time: title, status, sort, the claim window's end, `total_count` (upwards only once claimed;
 * `remain_count` moves by the same amount in the same statement) and a product coupon's products (shoppers holding
 * it can use it on the products listed when they check out). Before anyone has claimed it, everything but nothing
 * else can change, as on create.
 *
 * Paused (`status` 0) or with its claim window ended, a coupon is no longer offered, but coupons already claimed stay
 * usable until their own end, as checkout has always treated them (it reads the shopper's copy, not the template's
 * status). Deleting is refused once a coupon has been claimed: shoppers' coupons name it (`coupon_user.coupon_id`)
 * and their lists show its type; pausing it is the way to stop it.
 *
 * Shoppers see every change at once: a write names the coupon (`coupon:<id>`: pages listing it), the lists it may join
 * (`shopCouponsTag`, `productCouponsTag`: the shop's coupon page, product pages' coupon rows) and, only when the
 * write changes which products or shops have a claimable coupon, the "券" markers of product cards
 * (`COUPON_FLAGS`, shown by every product list: that one drops list pages mall-wide).
 */

/** At most this many of a shop's coupons on offer at once (on, claim window and validity not over): its pages list them all. */
export const LIVE_COUPONS_PER_SHOP = 50;

export const COUPON_API_TEXT = {
  gone: '优惠券不存在',
  tooMany: `每个店铺同时发放的优惠券最多${LIVE_COUPONS_PER_SHOP}张，请先停止发放不再需要的优惠券`,
  notOwnProduct: (id: number) => `商品${id}不存在或不是本店商品`,
  activityProduct: (id: number) => `商品${id}是秒杀或预售活动商品，不能使用优惠券`,
  claimedTerms: (field: string) => `该优惠券已有顾客领取，不能再修改${field}（已领取的券按领取时的条件使用）`,
  totalDown: '该优惠券已有顾客领取，发放总量只能增加',
  totalBelowClaimed: (claimed: number) => `发放总量不能少于已领取的数量（${claimed}张）`,
  claimedDelete: (n: number) => `该优惠券已被领取${n}张，不能删除；可停止发放（已领取的券仍可使用）`,
} as const;

/** Fields fixed once a coupon has been claimed, with the name a merchant knows them by. */
const TERMS: ReadonlyArray<[keyof CouponTerms, string]> = [
  ['type', '优惠券类型'],
  ['couponPrice', '优惠金额'],
  ['useMinPrice', '使用门槛'],
  ['couponType', '有效期类型'],
  ['couponTime', '有效天数'],
  ['useStartTime', '使用开始时间'],
  ['useEndTime', '使用结束时间'],
  ['startTime', '领取开始时间'],
  ['isLimited', '是否限量'],
  ['userLimit', '每人限领张数'],
];

export interface MerchantCouponProduct {
  product_id: number;
  store_name: string;
  image: string;
  /** 1 on sale, 0 off the shelf. */
  status: number;
}

/** A coupon as the shopper API shows it (without the shopper's claim state), with what only its shop sees. */
export interface MerchantCouponDto extends Omit<CouponDto, 'issue' | 'can_claim'> {
  /** 1 offered to shoppers, 0 paused. */
  status: number;
  sort: number;
  create_time: string | null;
  /** A product coupon's products (their ids, as create takes them); [] for a shop coupon. */
  product_id: number[];
  products: MerchantCouponProduct[];
  /** Coupons claimed by shoppers (each claim counts: one shopper may claim up to `user_limit`). */
  send_num: number;
  /** Claimed coupons used on an order. */
  used_num: number;
  /** Claimed coupons still usable (neither used nor past their end). */
  unused_num: number;
}

type CouponRow = typeof coupon.$inferSelect;
type Conn = Db | Tx;

const couponIdInput = z.object({ id: idField('优惠券ID') });

async function dtos(db: Conn, rows: readonly CouponRow[]): Promise<MerchantCouponDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.couponId);
  const at = now();
  const counts = await db
    .select({
      id: couponUser.couponId,
      sent: count(),
      used: sql<number>`(count(*) filter (where ${couponUser.status} = 1))::int`,
      unused: sql<number>`(count(*) filter (where ${couponUser.status} = 0 and ${couponUser.endTime} >= ${at}))::int`,
    })
    .from(couponUser)
    .where(inArray(couponUser.couponId, ids))
    .groupBy(couponUser.couponId);
  const links = await db
    .select({
      id: couponProduct.couponId,
      product_id: product.productId,
      store_name: product.storeName,
      image: product.image,
      status: product.status,
    })
    .from(couponProduct)
    .innerJoin(product, eq(product.productId, couponProduct.productId))
    .where(inArray(couponProduct.couponId, ids))
    .orderBy(asc(product.productId));
  return rows.map((r) => {
    const { issue: _issue, can_claim: _canClaim, ...shown } = couponDto(r, 0);
    const n = counts.find((c) => c.id === r.couponId);
    const products = links.filter((l) => l.id === r.couponId).map(({ id: _id, ...p }) => p);
    return {
      ...shown,
      status: r.status ? 1 : 0,
      sort: r.sort,
      create_time: formatDateTime(r.createdAt),
      product_id: products.map((p) => p.product_id),
      products,
      send_num: n?.sent ?? 0,
      used_num: n?.used ?? 0,
      unused_num: n?.unused ?? 0,
    };
  });
}

async function dto(db: Conn, row: CouponRow): Promise<MerchantCouponDto> {
  return (await dtos(db, [row]))[0]!;
}

async function ownCoupon(db: Conn, merId: number, id: number, lock = false): Promise<CouponRow> {
  const q = db
    .select()
    .from(coupon)
    .where(and(eq(coupon.couponId, id), eq(coupon.merId, merId), inArray(coupon.type, [0, 1])));
  // Locked, the coupon's claims wait for this write (a claim's conditional update locks the same row).
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(COUPON_API_TEXT.gone);
  return row;
}

const linkedProducts = async (db: Conn, id: number) =>
  (await db.select({ id: couponProduct.productId }).from(couponProduct).where(eq(couponProduct.couponId, id))).map((r) => r.id);

const claims = async (tx: Tx, id: number) =>
  (await tx.select({ n: count() }).from(couponUser).where(eq(couponUser.couponId, id)))[0]?.n ?? 0;

/** Every product named is a normal product of the shop (not another shop's, not a flash-sale or presale copy). */
async function checkProducts(tx: Tx, merId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: product.productId, type: product.productType })
    .from(product)
    .where(and(eq(product.merId, merId), inArray(product.productId, [...ids])));
  for (const id of ids) {
    const found = rows.find((r) => r.id === id);
    if (!found) throw new ServiceError('invalid', COUPON_API_TEXT.notOwnProduct(id));
    if (found.type !== 0) throw new ServiceError('invalid', COUPON_API_TEXT.activityProduct(id));
  }
}

/** Whether the shop, and which of these products, carry the "券" marker now (as `couponFlags` reads it). */
async function markers(tx: Tx, merId: number, productIds: readonly number[]): Promise<string> {
  const at = now();
  const [shop] = await tx
    .select({ n: count() })
    .from(coupon)
    .where(and(eq(coupon.merId, merId), eq(coupon.type, 0), claimableAt(at)));
  const marked = productIds.length
    ? await tx
        .selectDistinct({ id: couponProduct.productId })
        .from(couponProduct)
        .innerJoin(coupon, eq(coupon.couponId, couponProduct.couponId))
        .where(and(eq(coupon.type, 1), claimableAt(at), inArray(couponProduct.productId, [...productIds])))
    : [];
  return `${(shop?.n ?? 0) > 0}|${marked
    .map((r) => r.id)
    .sort((a, b) => a - b)
    .join(',')}`;
}

/**
 * Runs a write of the shop's coupons and names what shoppers see change: the coupons written, the lists they are in or
 * may join, and the cards' coupon markers only when the write changed them.
 */
async function changing<T>(
  tx: Tx,
  merId: number,
  affected: { ids: number[]; types: number[]; productIds: number[] },
  write: () => Promise<T>,
): Promise<T> {
  const before = await markers(tx, merId, affected.productIds);
  const out = await write();
  const after = await markers(tx, merId, affected.productIds);
  const tags: Tag[] = affected.ids.map((id) => tag('coupon', id));
  if (affected.types.includes(0)) tags.push(shopCouponsTag(merId));
  tags.push(shopCouponsTag(merId, true), ...affected.productIds.map(productCouponsTag));
  if (before !== after) tags.push(COUPON_FLAGS);
  invalidate(tx, tags);
  return out;
}

/** On offer (or about to be): on, its claim window not over, and a fixed-window coupon still valid. */
const live = (t: { status: boolean; endTime: Date | null; couponType: number; useEndTime: Date | null }, at: Date) =>
  t.status && (!t.endTime || t.endTime >= at) && (t.couponType === 0 || (t.useEndTime !== null && t.useEndTime >= at));

/** Refuses a coupon put on offer when the shop already offers `LIVE_COUPONS_PER_SHOP` (`except`: the one being put on). */
async function checkRoom(tx: Tx, merId: number, except?: number): Promise<void> {
  // Two writes at once count one after the other: they queue on the shop's row.
  await tx.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, merId)).for('update');
  const at = now();
  const [n] = await tx
    .select({ n: count() })
    .from(coupon)
    .where(
      and(
        eq(coupon.merId, merId),
        inArray(coupon.type, [0, 1]),
        eq(coupon.status, true),
        or(isNull(coupon.endTime), gte(coupon.endTime, at)),
        or(eq(coupon.couponType, 0), gte(coupon.useEndTime, at)),
        except === undefined ? undefined : ne(coupon.couponId, except),
      ),
    );
  if ((n?.n ?? 0) >= LIVE_COUPONS_PER_SHOP) throw new ServiceError('refused', COUPON_API_TEXT.tooMany);
}

const termsOf = (r: CouponRow, productIds: number[]): CouponTerms => ({
  title: r.title,
  type: r.type === 1 ? 1 : 0,
  productIds,
  couponPrice: r.couponPrice,
  useMinPrice: r.useMinPrice,
  couponType: r.couponType === 1 ? 1 : 0,
  couponTime: r.couponTime,
  useStartTime: r.useStartTime,
  useEndTime: r.useEndTime,
  startTime: r.startTime,
  endTime: r.endTime,
  isLimited: r.isLimited,
  totalCount: r.totalCount,
  userLimit: r.userLimit,
  status: r.status,
  sort: r.sort,
});

/** What does not apply to the coupon's kind is stored empty: dates of an N-day coupon, days of a fixed one. */
function normalized(t: CouponTerms): CouponTerms {
  return {
    ...t,
    couponTime: t.couponType === 0 ? t.couponTime : 0,
    useStartTime: t.couponType === 1 ? t.useStartTime : null,
    useEndTime: t.couponType === 1 ? t.useEndTime : null,
  };
}

/** `base` with the fields the body sends; a claim window bound sent blank (null, '') opens that side of the window. */
function applied(base: CouponTerms, b: MerchantCouponBody, raw: Record<string, unknown>): CouponTerms {
  const sent = (k: string) => Object.hasOwn(raw, k) && blank(raw[k]);
  const isLimited = b.is_limited === undefined ? base.isLimited : b.is_limited === 1;
  return {
    title: b.title ?? base.title,
    type: b.type ?? base.type,
    productIds: b.product_id ?? base.productIds,
    couponPrice: b.coupon_price ?? base.couponPrice,
    useMinPrice: b.use_min_price ?? base.useMinPrice,
    couponType: b.coupon_type ?? base.couponType,
    couponTime: b.coupon_time ?? base.couponTime,
    useStartTime: b.use_start_time ?? base.useStartTime,
    useEndTime: b.use_end_time ?? base.useEndTime,
    startTime: b.start_time ?? (sent('start_time') ? null : base.startTime),
    endTime: b.end_time ?? (sent('end_time') ? null : base.endTime),
    isLimited,
    // Made unlimited without a total: it has none.
    totalCount: b.total_count ?? (isLimited ? base.totalCount : 0),
    userLimit: b.user_limit ?? base.userLimit,
    status: b.status === undefined ? base.status : b.status === 1,
    sort: b.sort ?? base.sort,
  };
}

const same = (a: unknown, b: unknown): boolean =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : Array.isArray(a) && Array.isArray(b)
      ? [...a].sort().join(',') === [...b].sort().join(',')
      : a === b;

function changedFields(from: CouponTerms, to: CouponTerms): Set<keyof CouponTerms> {
  return new Set((Object.keys(to) as (keyof CouponTerms)[]).filter((k) => !same(from[k], to[k])));
}

const columns = (t: CouponTerms) => ({
  title: t.title,
  type: t.type,
  couponPrice: t.couponPrice,
  useMinPrice: t.useMinPrice,
  couponType: t.couponType,
  couponTime: t.couponTime,
  useStartTime: t.useStartTime,
  useEndTime: t.useEndTime,
  startTime: t.startTime,
  endTime: t.endTime,
  isLimited: t.isLimited,
  userLimit: t.userLimit,
  status: t.status,
  sort: t.sort,
});

/** `GET /api/merchant/coupon/lst?status=all|1|0&page&limit`: the shop's coupons, newest first, with their counts. */
export async function listOwnCoupons(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantCouponDto>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantCouponListQuery, input);
  const where = and(
    eq(coupon.merId, merId),
    inArray(coupon.type, [0, 1]),
    q.status === 'all' ? undefined : eq(coupon.status, q.status === '1'),
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(coupon).where(where),
    ctx.db.select().from(coupon).where(where).orderBy(desc(coupon.couponId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: total?.n ?? 0, list: await dtos(ctx.db, rows) };
}

/** `GET /api/merchant/coupon/detail/{id}`. */
export async function getMerchantCoupon(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantCouponDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(couponIdInput, { id: input.id });
  return dto(ctx.db, await ownCoupon(ctx.db, merId, id));
}

/** A new coupon before its body applies: what create takes when a field is not sent. */
const NEW_COUPON: CouponTerms = {
  title: '',
  type: 0,
  productIds: [],
  couponPrice: 0,
  useMinPrice: 0,
  couponType: 0,
  couponTime: 0,
  useStartTime: null,
  useEndTime: null,
  startTime: null,
  endTime: null,
  isLimited: false,
  totalCount: 0,
  userLimit: 1,
  status: true,
  sort: 0,
};

/** Every field, for a new coupon: all of it is being set. */
const EVERY_FIELD = new Set(Object.keys(NEW_COUPON) as (keyof CouponTerms)[]);

/** `POST /api/merchant/coupon/create`: a new shop coupon (type 0) or product coupon (type 1, `product_id`). */
export async function createMerchantCoupon(ctx: MerchantContext, input: unknown): Promise<MerchantCouponDto> {
  const { merId } = requireMerchant(ctx);
  const b = parseInput(merchantCouponBody, input);
  const terms = normalized(applied(NEW_COUPON, b, {}));
  const problem = couponProblem(terms, now(), EVERY_FIELD);
  if (problem) throw new ServiceError('invalid', problem);
  const row = await transaction(ctx.db, async (tx) => {
    await checkProducts(tx, merId, terms.productIds);
    if (live(terms, now())) await checkRoom(tx, merId);
    return changing(tx, merId, { ids: [], types: [terms.type], productIds: terms.productIds }, async () => {
      const [r] = await tx
        .insert(coupon)
        .values({ merId, ...columns(terms), totalCount: terms.totalCount, remainCount: terms.isLimited ? terms.totalCount : 0 })
        .returning();
      if (terms.productIds.length)
        await tx.insert(couponProduct).values(terms.productIds.map((productId) => ({ couponId: r!.couponId, productId })));
      return r!;
    });
  });
  return dto(ctx.db, row);
}

/**
 * `POST /api/merchant/coupon/update/{id}`: the fields sent change, the others stay (a claim window bound sent as null
 * or '' opens it). Once claimed, the terms (`TERMS`) stay as they are and `total_count` only grows.
 */
export async function updateMerchantCoupon(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<MerchantCouponDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(couponIdInput, { id: input.id });
  const { id: _, ...raw } = input;
  const b = parseInput(merchantCouponBody, raw);
  const row = await transaction(ctx.db, async (tx) => {
    const current = await ownCoupon(tx, merId, id, true);
    const was = termsOf(current, await linkedProducts(tx, id));
    const next = normalized(applied(was, b, raw));
    const changed = changedFields(was, next);
    const claimed = await claims(tx, id);
    if (claimed > 0) {
      for (const [field, name] of TERMS) if (changed.has(field)) throw new ServiceError('refused', COUPON_API_TEXT.claimedTerms(name));
      if (next.isLimited && next.totalCount < was.totalCount) throw new ServiceError('refused', COUPON_API_TEXT.totalDown);
    }
    const problem = couponProblem(next, now(), changed);
    if (problem) throw new ServiceError('invalid', problem);
    if (changed.has('productIds')) await checkProducts(tx, merId, next.productIds);
    if (live(next, now()) && !live(was, now())) await checkRoom(tx, merId, id);
    const productIds = [...new Set([...was.productIds, ...next.productIds])];
    return changing(tx, merId, { ids: [id], types: [was.type, next.type], productIds }, async () => {
      // One statement: the stock left moves by what the total moves, from the row as it is (claims queue on its lock),
      // and never below zero (claims the seed or an earlier total made count too).
      const [r] = await tx
        .update(coupon)
        .set({
          ...columns(next),
          totalCount: next.totalCount,
          remainCount: next.isLimited ? sql`${coupon.remainCount} + (${next.totalCount}::int - ${coupon.totalCount})` : 0,
        })
        .where(
          and(
            eq(coupon.couponId, id),
            eq(coupon.merId, merId),
            next.isLimited ? gte(sql`${coupon.remainCount} + (${next.totalCount}::int - ${coupon.totalCount})`, 0) : undefined,
          ),
        )
        .returning();
      if (!r) throw new ServiceError('refused', COUPON_API_TEXT.totalBelowClaimed(current.totalCount - current.remainCount));
      if (changed.has('productIds')) {
        await tx.delete(couponProduct).where(eq(couponProduct.couponId, id));
        if (next.productIds.length)
          await tx.insert(couponProduct).values(next.productIds.map((productId) => ({ couponId: id, productId })));
      }
      return r;
    });
  });
  return dto(ctx.db, row);
}

/** `POST /api/merchant/coupon/status/{id} {status: 0|1}`: stop or resume offering it; claimed coupons stay usable. */
export async function setMerchantCouponStatus(
  ctx: MerchantContext,
  input: { id: unknown; status?: unknown },
): Promise<{ coupon_id: number; status: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(couponIdInput, { id: input.id });
  const { status } = parseInput(merchantCouponStatusBody, { status: input.status });
  await transaction(ctx.db, async (tx) => {
    const current = await ownCoupon(tx, merId, id, true);
    const productIds = await linkedProducts(tx, id);
    if (status === 1 && !current.status && live({ ...current, status: true }, now())) await checkRoom(tx, merId, id);
    await changing(tx, merId, { ids: [id], types: [current.type], productIds }, () =>
      tx
        .update(coupon)
        .set({ status: status === 1 })
        .where(and(eq(coupon.couponId, id), eq(coupon.merId, merId))),
    );
  });
  return { coupon_id: id, status };
}

/** `POST /api/merchant/coupon/delete/{id}`: a coupon nobody has claimed goes with its product list; a claimed one stays. */
export async function deleteMerchantCoupon(ctx: MerchantContext, input: { id: unknown }): Promise<{ coupon_id: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(couponIdInput, { id: input.id });
  return transaction(ctx.db, async (tx) => {
    const current = await ownCoupon(tx, merId, id, true);
    const claimed = await claims(tx, id);
    if (claimed > 0) throw new ServiceError('refused', COUPON_API_TEXT.claimedDelete(claimed));
    const productIds = await linkedProducts(tx, id);
    await changing(tx, merId, { ids: [id], types: [current.type], productIds }, () =>
      tx.delete(coupon).where(and(eq(coupon.couponId, id), eq(coupon.merId, merId))),
    );
    return { coupon_id: id };
  });
}
