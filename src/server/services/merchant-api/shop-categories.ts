import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, merchantProductCategory, product, productMerchantCategory } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { shopCategoryCreateBody, shopCategoryUpdateBody } from '../../../shared/schemas/merchant-api.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/**
 * The shop's own product categories (two levels) through the merchant API (`/api/merchant/store/category/...`), with
 * the field names shoppers get from `GET /api/store/merchant/category/lst/{mer_id}` (`store_category_id`, `pid`,
 * `cate_name`). Every query is scoped to the token's shop: another shop's category is the same 404 as an unknown one.
 * Each write drops the shop's cached tree and the pages showing it (`merchant:<id>`).
 */

/** At most this many categories per shop. */
export const CATEGORIES_PER_SHOP = 200;

export const CATEGORY_TEXT = {
  gone: '分类不存在',
  parentGone: '上级分类不存在',
  parentNotTop: '上级分类必须是一级分类（店铺分类最多两级）',
  hasChildren: '该分类下还有子分类，请先删除或移走子分类',
  movedWithChildren: '该分类下还有子分类，不能移到其他分类下（店铺分类最多两级）',
  ownParent: '上级分类不能是它自己',
  duplicate: '同一级下已有同名分类',
  tooMany: `每个店铺最多${CATEGORIES_PER_SHOP}个分类`,
} as const;

export interface ShopCategoryDto {
  store_category_id: number;
  /** 0 a top-level category, else its parent's `store_category_id`. */
  pid: number;
  cate_name: string;
  /** Higher first, as shoppers see them. */
  sort: number;
  /** 1 shown to shoppers, 0 hidden. */
  is_show: number;
  /** The shop's products filed directly under it. */
  product_count: number;
  children: ShopCategoryDto[];
}

type CategoryRow = typeof merchantProductCategory.$inferSelect;

const categoryId = z.object({ id: idField('分类ID') });

/** Product counts per category of the shop (one query). */
async function productCounts(db: MerchantContext['db'], merId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: productMerchantCategory.merCateId, n: count() })
    .from(productMerchantCategory)
    .innerJoin(product, eq(product.productId, productMerchantCategory.productId))
    .where(and(inArray(productMerchantCategory.merCateId, ids), eq(product.merId, merId)))
    .groupBy(productMerchantCategory.merCateId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const node = (r: CategoryRow, n: number): ShopCategoryDto => ({
  store_category_id: r.merCateId,
  pid: r.pid,
  cate_name: r.cateName,
  sort: r.sort,
  is_show: r.isShow ? 1 : 0,
  product_count: n,
  children: [],
});

async function dto(db: MerchantContext['db'], r: CategoryRow): Promise<ShopCategoryDto> {
  return node(r, (await productCounts(db, r.merId, [r.merCateId])).get(r.merCateId) ?? 0);
}

async function ownCategory(db: MerchantContext['db'], merId: number, id: number, lock = false): Promise<CategoryRow> {
  const q = db
    .select()
    .from(merchantProductCategory)
    .where(and(eq(merchantProductCategory.merCateId, id), eq(merchantProductCategory.merId, merId)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(CATEGORY_TEXT.gone);
  return row;
}

/** `GET /api/merchant/store/category/lst`: all the shop's categories, hidden ones too, as a tree in the shoppers' order. */
export async function listShopCategories(ctx: MerchantContext): Promise<{ count: number; list: ShopCategoryDto[] }> {
  const { merId } = requireMerchant(ctx);
  const rows = await ctx.db
    .select()
    .from(merchantProductCategory)
    .where(eq(merchantProductCategory.merId, merId))
    .orderBy(asc(merchantProductCategory.pid), desc(merchantProductCategory.sort), asc(merchantProductCategory.merCateId));
  const counts = await productCounts(
    ctx.db,
    merId,
    rows.map((r) => r.merCateId),
  );
  const byId = new Map(rows.map((r) => [r.merCateId, node(r, counts.get(r.merCateId) ?? 0)]));
  const list: ShopCategoryDto[] = [];
  for (const n of byId.values()) {
    const parent = n.pid === 0 ? undefined : byId.get(n.pid);
    if (parent) parent.children.push(n);
    // A child whose parent is gone (data written before these rules) is still listed, at the top, so it can be fixed.
    else list.push(n);
  }
  return { count: rows.length, list };
}

/** The parent `pid` names: 0, or one of the shop's own top-level categories (other than `self`). */
async function assertParent(tx: Tx, merId: number, pid: number, self?: number): Promise<void> {
  if (pid === 0) return;
  if (pid === self) throw new ServiceError('invalid', CATEGORY_TEXT.ownParent);
  const [parent] = await tx
    .select({ pid: merchantProductCategory.pid })
    .from(merchantProductCategory)
    .where(and(eq(merchantProductCategory.merCateId, pid), eq(merchantProductCategory.merId, merId)))
    .for('share');
  if (!parent) throw notFound(CATEGORY_TEXT.parentGone);
  if (parent.pid !== 0) throw new ServiceError('invalid', CATEGORY_TEXT.parentNotTop);
}

/** Refuses a name already used by another category under the same parent. */
async function assertUniqueName(tx: Tx, merId: number, pid: number, name: string, self?: number): Promise<void> {
  const [same] = await tx
    .select({ id: merchantProductCategory.merCateId })
    .from(merchantProductCategory)
    .where(
      and(
        eq(merchantProductCategory.merId, merId),
        eq(merchantProductCategory.pid, pid),
        eq(merchantProductCategory.cateName, name),
        self ? ne(merchantProductCategory.merCateId, self) : undefined,
      ),
    )
    .limit(1);
  if (same) throw new ServiceError('refused', CATEGORY_TEXT.duplicate);
}

/** Locks the shop's row: its category writes run one after the other (counts, names, parents). */
async function lockShop(tx: Tx, merId: number): Promise<void> {
  await tx.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, merId)).for('update');
}

/**
 * `POST /api/merchant/store/category/create {cate_name, pid?, sort?, is_show?}`. `mer_cate_id` has no sequence (the
 * seed derives the demo shops' ids), so a new id is the largest of all shops' plus one, under a lock that creations
 * in every shop take in turn.
 */
export async function createShopCategory(ctx: MerchantContext, input: unknown): Promise<ShopCategoryDto> {
  const { merId } = requireMerchant(ctx);
  const body = parseInput(shopCategoryCreateBody, input);
  const row = await transaction(ctx.db, async (tx) => {
    await lockShop(tx, merId);
    await assertParent(tx, merId, body.pid);
    await assertUniqueName(tx, merId, body.pid, body.cate_name);
    const [n] = await tx.select({ n: count() }).from(merchantProductCategory).where(eq(merchantProductCategory.merId, merId));
    if ((n?.n ?? 0) >= CATEGORIES_PER_SHOP) throw new ServiceError('refused', CATEGORY_TEXT.tooMany);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('merchant_shop_category.mer_cate_id', 0))`);
    const [max] = await tx
      .select({ id: sql<number>`coalesce(max(${merchantProductCategory.merCateId}), 0)::int` })
      .from(merchantProductCategory);
    const [r] = await tx
      .insert(merchantProductCategory)
      .values({
        merCateId: (max?.id ?? 0) + 1,
        merId,
        pid: body.pid,
        cateName: body.cate_name,
        sort: body.sort,
        isShow: body.is_show === 1,
      })
      .returning();
    invalidate(tx, [tag('merchant', merId)]);
    return r!;
  });
  return dto(ctx.db, row);
}

/** `POST /api/merchant/store/category/update/{id}`: any of `{cate_name, pid, sort, is_show}`; still two levels at most. */
export async function updateShopCategory(ctx: MerchantContext, input: { id: unknown } & Record<string, unknown>): Promise<ShopCategoryDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(categoryId, { id: input.id });
  const body = parseInput(shopCategoryUpdateBody, input);
  const row = await transaction(ctx.db, async (tx) => {
    await lockShop(tx, merId);
    const cur = await ownCategory(tx, merId, id, true);
    const pid = body.pid ?? cur.pid;
    const name = body.cate_name ?? cur.cateName;
    if (pid !== cur.pid) {
      await assertParent(tx, merId, pid, id);
      if (pid !== 0) {
        const [child] = await tx
          .select({ id: merchantProductCategory.merCateId })
          .from(merchantProductCategory)
          .where(and(eq(merchantProductCategory.merId, merId), eq(merchantProductCategory.pid, id)))
          .limit(1);
        if (child) throw new ServiceError('refused', CATEGORY_TEXT.movedWithChildren);
      }
    }
    if (pid !== cur.pid || name !== cur.cateName) await assertUniqueName(tx, merId, pid, name, id);
    const [r] = await tx
      .update(merchantProductCategory)
      .set({ pid, cateName: name, sort: body.sort ?? cur.sort, isShow: body.is_show === undefined ? cur.isShow : body.is_show === 1 })
      .where(and(eq(merchantProductCategory.merCateId, id), eq(merchantProductCategory.merId, merId)))
      .returning();
    invalidate(tx, [tag('merchant', merId)]);
    return r!;
  });
  return dto(ctx.db, row);
}

/**
 * `POST /api/merchant/store/category/delete/{id}`: refused while it has child categories; the products filed under it
 * stay on sale, no longer filed there (`products`: how many were).
 */
export async function deleteShopCategory(
  ctx: MerchantContext,
  input: { id: unknown },
): Promise<{ store_category_id: number; products: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(categoryId, input);
  return transaction(ctx.db, async (tx) => {
    await lockShop(tx, merId);
    await ownCategory(tx, merId, id, true);
    const [child] = await tx
      .select({ id: merchantProductCategory.merCateId })
      .from(merchantProductCategory)
      .where(and(eq(merchantProductCategory.merId, merId), eq(merchantProductCategory.pid, id)))
      .limit(1);
    if (child) throw new ServiceError('refused', CATEGORY_TEXT.hasChildren);
    const links = await tx
      .delete(productMerchantCategory)
      .where(eq(productMerchantCategory.merCateId, id))
      .returning({ id: productMerchantCategory.productId });
    await tx
      .delete(merchantProductCategory)
      .where(and(eq(merchantProductCategory.merCateId, id), eq(merchantProductCategory.merId, merId)));
    invalidate(tx, [tag('merchant', merId)]);
    return { store_category_id: id, products: links.length };
  });
}
