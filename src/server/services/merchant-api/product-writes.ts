import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  brand,
  merchantProductCategory,
  parameter,
  product,
  productAttr,
  productContent,
  productMerchantCategory,
  productParameterValue,
  productSku,
  shippingTemplate,
  storeCategory,
} from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import {
  merchantProductBody,
  PRODUCT_LIMITS,
  productStatusBody,
  productStockBody,
  type MerchantProductBody,
} from '../../../shared/schemas/merchant-product.ts';
import { documentTokens, filterToken } from '../../../shared/search-tokens.ts';
import { skuKey } from '../../../shared/sku.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { ServiceError } from '../errors.ts';
import { now } from '../dates.ts';
import { notFound, parseInput } from '../input.ts';
import { areMerchantUploads, uploadSizes } from '../media/own-uploads.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { cleanProductContent } from './product-content.ts';
import { STOCK_ORDER_SQL } from '../order/stock-order.ts';
import { ownProduct, PRODUCT_GONE, productIdInput, readMerchantProduct, type MerchantProductDto } from './products.ts';
import { queueArrivalNotices } from '../relation/arrival-notice.ts';

export const PRODUCT_TEXT = {
  category: '请选择平台的三级分类（cate_id）',
  shopCategory: '店铺分类不存在（mer_cate_id）',
  brand: '品牌不存在（brand_id）',
  template: '运费模板不存在（temp_id），0 为包邮',
  images: '图片须是本店通过 POST /api/merchant/upload/image 上传的图片',
  onceCount: '单次最多购买数量不能小于单次最少购买数量',
  singleAttr: '单规格商品（spec_type 0）不填写规格（attr），且只有一个SKU（attrValue）',
  multiAttr: '多规格商品（spec_type 1）请填写规格（attr）',
  attrTwice: (n: string) => `规格“${n}”重复`,
  valueTwice: (n: string, v: string) => `规格“${n}”的值“${v}”重复`,
  skuDetail: (i: number) => `第${i + 1}个SKU须为每个规格选择一个已填写的值（detail）`,
  skuTwice: (k: string) => `SKU“${k}”重复`,
  skuMissing: (u: string) => `SKU不存在：${u}`,
  skuRepeated: (u: string) => `SKU重复：${u}`,
  stockBelowZero: (u: string) => `SKU ${u} 的库存不能小于0`,
  parameter: (n: string) => `参数“${n}”不是平台的参数，可用的参数见 GET /api/merchant/product/parameters`,
  parameterTwice: (n: string) => `参数“${n}”重复`,
  stockTooHigh: (u: string) => `SKU ${u} 的库存不能超过${PRODUCT_LIMITS.stock}`,
} as const;

/** A SKU as the body gives it, with its spec key (`sku`). */
interface SkuInput {
  sku: string;
  price: number;
  otPrice: number;
  stock: number;
  image: string;
  barCode: string;
  weight: string;
  volume: string;
}

/** The body's specs checked against each other: attr rows and the SKUs with their keys. */
function checkSpecs(body: MerchantProductBody): { attrs: { name: string; values: string[] }[]; skus: SkuInput[] } {
  if (body.spec_type === 0 && (body.attr.length || body.attrValue.length !== 1)) throw new ServiceError('invalid', PRODUCT_TEXT.singleAttr);
  if (body.spec_type === 1 && !body.attr.length) throw new ServiceError('invalid', PRODUCT_TEXT.multiAttr);
  const attrs = body.attr.map((a) => ({ name: a.value, values: a.detail }));
  const names = new Set<string>();
  for (const a of attrs) {
    if (names.has(a.name)) throw new ServiceError('invalid', PRODUCT_TEXT.attrTwice(a.name));
    names.add(a.name);
    const seen = new Set<string>();
    for (const v of a.values) {
      if (seen.has(v)) throw new ServiceError('invalid', PRODUCT_TEXT.valueTwice(a.name, v));
      seen.add(v);
    }
  }
  const keys = new Set<string>();
  const skus = body.attrValue.map((s, i) => {
    const given = Object.entries(s.detail).map(([k, v]) => [k.trim(), v] as const);
    if (given.length !== attrs.length || attrs.some((a) => !a.values.includes(given.find(([k]) => k === a.name)?.[1] ?? '\u0000'))) {
      throw new ServiceError('invalid', PRODUCT_TEXT.skuDetail(i));
    }
    const key = skuKey(attrs.map((a) => given.find(([k]) => k === a.name)![1]));
    if (keys.has(key)) throw new ServiceError('invalid', PRODUCT_TEXT.skuTwice(key));
    keys.add(key);
    return {
      sku: key,
      price: s.price,
      otPrice: s.ot_price ?? s.price,
      stock: s.stock,
      image: s.image,
      barCode: s.bar_code,
      weight: s.weight.toFixed(2),
      volume: s.volume.toFixed(2),
    };
  });
  return { attrs, skus };
}

/** The product's pictures (main, slider, SKU and details pictures), for the ownership check. */
const picturesOf = (p: { image: string; slider_image: string[]; attrValue: { image: string }[] }, content: string[]) =>
  [p.image, ...p.slider_image, ...p.attrValue.map((s) => s.image), ...content].filter((x) => x !== '');

/**
 * Checks what the body names outside itself, before anything is written: a level-3 category of the mall, the shop's
 * own categories and shipping template, an existing brand, and pictures the shop uploaded (or `kept`: already on the
 * product being edited).
 */
async function checkReferences(db: Db, merId: number, body: MerchantProductBody, pictures: string[], kept: string[]): Promise<void> {
  const [cate] = await db.select({ level: storeCategory.level }).from(storeCategory).where(eq(storeCategory.storeCategoryId, body.cate_id));
  if (cate?.level !== 3) throw new ServiceError('invalid', PRODUCT_TEXT.category);
  const shopCates = [...new Set(body.mer_cate_id)];
  if (shopCates.length) {
    const rows = await db
      .select({ id: merchantProductCategory.merCateId })
      .from(merchantProductCategory)
      .where(and(eq(merchantProductCategory.merId, merId), inArray(merchantProductCategory.merCateId, shopCates)));
    if (rows.length !== shopCates.length) throw new ServiceError('invalid', PRODUCT_TEXT.shopCategory);
  }
  if (body.brand_id) {
    const [b] = await db.select({ id: brand.brandId }).from(brand).where(eq(brand.brandId, body.brand_id));
    if (!b) throw new ServiceError('invalid', PRODUCT_TEXT.brand);
  }
  if (body.temp_id) {
    const [t] = await db
      .select({ id: shippingTemplate.shippingTemplateId })
      .from(shippingTemplate)
      .where(and(eq(shippingTemplate.shippingTemplateId, body.temp_id), eq(shippingTemplate.merId, merId)));
    if (!t) throw new ServiceError('invalid', PRODUCT_TEXT.template);
  }
  if (
    !(await areMerchantUploads(
      db,
      merId,
      pictures.filter((p) => !kept.includes(p)),
    ))
  )
    throw new ServiceError('invalid', PRODUCT_TEXT.images);
}

/** The 规格参数 given by the mall's parameter names, with their ids (each name once). */
async function parameterIds(db: Db, given: MerchantProductBody['params']): Promise<{ parameterId: number; value: string }[]> {
  if (!given.length) return [];
  const names = given.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new ServiceError('invalid', PRODUCT_TEXT.parameterTwice(twice));
  const rows = await db.select({ id: parameter.parameterId, name: parameter.name }).from(parameter).where(inArray(parameter.name, names));
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const unknown = names.find((n) => !ids.has(n));
  if (unknown) throw new ServiceError('invalid', PRODUCT_TEXT.parameter(unknown));
  return given.map((p) => ({ parameterId: ids.get(p.name)!, value: p.value }));
}

/** The body, checked on its own and against the database (`kept`: pictures already on the product). */
async function prepare(db: Db, merId: number, input: unknown, kept: string[]) {
  const body = parseInput(merchantProductBody, input);
  if (body.once_min_count && body.once_max_count && body.once_max_count < body.once_min_count) {
    throw new ServiceError('invalid', PRODUCT_TEXT.onceCount);
  }
  const specs = checkSpecs(body);
  const cleaned = cleanProductContent(body.content);
  await checkReferences(db, merId, body, picturesOf(body, cleaned.images), kept);
  // The details' uploaded pictures get their sizes, which the cleaner writes where the merchant gave none.
  const sizes = await uploadSizes(db, cleaned.images);
  const content = sizes.size ? cleanProductContent(body.content, sizes).html : cleaned.html;
  return { body, ...specs, content, params: await parameterIds(db, body.params) };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** The product row's columns a create or update writes (price and stock are the SKUs', set after them). */
const productColumns = (p: Prepared) => ({
  storeName: p.body.store_name,
  storeInfo: p.body.store_info,
  keyword: p.body.keyword,
  image: p.body.image,
  sliderImage: p.body.slider_image.length ? p.body.slider_image : [p.body.image],
  cateId: p.body.cate_id,
  brandId: p.body.brand_id || null,
  unitName: p.body.unit_name,
  tempId: p.body.temp_id || null,
  deliveryFree: !p.body.temp_id,
  onceMinCount: p.body.once_min_count,
  onceMaxCount: p.body.once_max_count,
  refundSwitch: p.body.refund_switch === 1,
  status: p.body.status,
  searchTokens: documentTokens(p.body.store_name, p.body.keyword),
  // The list filters test parameter values in the row (product.filter_tokens), a copy of product_parameter_value.
  filterTokens: p.params.map((x) => filterToken(x.parameterId, x.value)),
});

const skuColumns = (s: SkuInput) => ({
  price: s.price,
  otPrice: s.otPrice,
  stock: s.stock,
  image: s.image,
  barCode: s.barCode,
  weight: s.weight,
  volume: s.volume,
});

/** A new SKU handle: carts and orders name a SKU by it, so it is never reused. */
export const newUnique = (productId: number) => `m${productId.toString(36)}${randomBytes(6).toString('hex')}`;

/**
 * The product's price, original price and stock from its SKUs (the lowest prices, the stock summed). Every merchant
 * write of a product's SKUs ends here, so its arrival notices are queued here too when one of them can go out now.
 */
export async function rollUp(tx: Tx, productId: number): Promise<void> {
  await tx
    .update(product)
    .set({
      // Every merchant write of a product ends here: the page changed (the sitemap's lastmod).
      updatedAt: now(),
      price: sql`(select min(${productSku.price}) from ${productSku} where ${productSku.productId} = ${productId})`,
      otPrice: sql`(select min(${productSku.otPrice}) from ${productSku} where ${productSku.productId} = ${productId})`,
      stock: sql`(select coalesce(sum(${productSku.stock}), 0) from ${productSku} where ${productSku.productId} = ${productId})`,
    })
    .where(eq(product.productId, productId));
  await queueArrivalNotices(tx, [productId]);
}

/** Specs, details text, parameters and shop categories of a product, written anew. */
async function writeParts(tx: Tx, productId: number, p: Prepared): Promise<void> {
  await tx.delete(productAttr).where(eq(productAttr.productId, productId));
  if (p.attrs.length) {
    await tx.insert(productAttr).values(p.attrs.map((a, sort) => ({ productId, sort, attrName: a.name, attrValues: a.values })));
  }
  await tx
    .insert(productContent)
    .values({ productId, content: p.content })
    .onConflictDoUpdate({ target: productContent.productId, set: { content: p.content } });
  await tx.delete(productParameterValue).where(eq(productParameterValue.productId, productId));
  if (p.params.length) {
    await tx
      .insert(productParameterValue)
      .values(p.params.map((x, sort) => ({ productId, parameterId: x.parameterId, value: x.value, sort })));
  }
  await tx.delete(productMerchantCategory).where(eq(productMerchantCategory.productId, productId));
  const cates = [...new Set(p.body.mer_cate_id)];
  if (cates.length) await tx.insert(productMerchantCategory).values(cates.map((merCateId) => ({ merCateId, productId })));
}

/**
 * Locks every SKU of the products, in the order checkout takes stock in (`stockOrder`: product id, then `unique` in byte
 * order), so a merchant's change and a shopper's order of the same SKUs queue instead of deadlocking on PostgreSQL.
 */
export const lockSkus = (tx: Tx, ...productIds: number[]) =>
  tx
    .select({ productId: productSku.productId, unique: productSku.unique, sku: productSku.sku, stock: productSku.stock })
    .from(productSku)
    .where(inArray(productSku.productId, productIds))
    .orderBy(...STOCK_ORDER_SQL)
    .for('update');

/**
 * The product's shipping template, held (`for share`) until the product is written: a delete of the template waits for
 * it and then counts this product, or this write waits for the delete and is refused. Without the lock, a template
 * deleted meanwhile would leave the product naming none (free shipping by accident).
 */
async function holdTemplate(tx: Tx, merId: number, tempId: number): Promise<void> {
  if (!tempId) return;
  const [t] = await tx
    .select({ id: shippingTemplate.shippingTemplateId })
    .from(shippingTemplate)
    .where(and(eq(shippingTemplate.shippingTemplateId, tempId), eq(shippingTemplate.merId, merId)))
    .for('share');
  if (!t) throw new ServiceError('invalid', PRODUCT_TEXT.template);
}

const changed = (merId: number, productId: number) => [tag('product', productId), tag('merchant', merId)];

/**
 * `POST /api/merchant/product/create`: a new product of the shop, with its SKUs, in one transaction; off the shelf
 * unless `status` is 1. Answers it as `GET /api/merchant/product/detail/{id}` does.
 */
export async function createMerchantProduct(ctx: MerchantContext, input: unknown): Promise<MerchantProductDto> {
  const { merId } = requireMerchant(ctx);
  const p = await prepare(ctx.db, merId, input, []);
  const id = await transaction(ctx.db, async (tx) => {
    await holdTemplate(tx, merId, p.body.temp_id);
    const [row] = await tx
      .insert(product)
      .values({ merId, ...productColumns(p), price: 0, otPrice: 0, stock: 0 })
      .returning({ id: product.productId });
    const productId = row!.id;
    await tx.insert(productSku).values(p.skus.map((s) => ({ unique: newUnique(productId), productId, sku: s.sku, ...skuColumns(s) })));
    await writeParts(tx, productId, p);
    await rollUp(tx, productId);
    invalidate(tx, changed(merId, productId));
    return productId;
  });
  return (await readMerchantProduct(ctx.db, merId, id))!;
}

/**
 * `POST /api/merchant/product/update/{id}`: the whole product anew, in one transaction. A SKU whose spec values are
 * unchanged keeps its `unique` and sales (carts holding it stay good); a SKU left out is removed (a cart holding it
 * shows it as gone); `stock` is what is left to sell (use the stock call's `add` to restock while it sells).
 */
export async function updateMerchantProduct(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<MerchantProductDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(productIdInput, { id: input.id });
  const { id: _, ...rest } = input;
  const current = await readMerchantProduct(ctx.db, merId, id);
  if (!current) throw notFound(PRODUCT_GONE);
  const p = await prepare(ctx.db, merId, rest, picturesOf(current, cleanProductContent(current.content).images));
  await transaction(ctx.db, async (tx) => {
    const existing = await lockSkus(tx, id);
    await holdTemplate(tx, merId, p.body.temp_id);
    // The product may have changed hands or kinds since it was read: check again under the locks.
    const [own] = await tx.select({ id: product.productId }).from(product).where(ownProduct(merId, id));
    if (!own) throw notFound(PRODUCT_GONE);
    const byKey = new Map(existing.map((s) => [s.sku, s.unique]));
    const keep = new Set(p.skus.map((s) => s.sku));
    const gone = existing.filter((s) => !keep.has(s.sku)).map((s) => s.unique);
    if (gone.length) await tx.delete(productSku).where(and(eq(productSku.productId, id), inArray(productSku.unique, gone)));
    const added = [];
    for (const s of p.skus) {
      const unique = byKey.get(s.sku);
      if (unique) await tx.update(productSku).set(skuColumns(s)).where(eq(productSku.unique, unique));
      else added.push({ unique: newUnique(id), productId: id, sku: s.sku, ...skuColumns(s) });
    }
    if (added.length) await tx.insert(productSku).values(added);
    await tx.update(product).set(productColumns(p)).where(eq(product.productId, id));
    // rollUp below stamps `updated_at` (the sitemap's lastmod).
    await writeParts(tx, id, p);
    await rollUp(tx, id);
    invalidate(tx, changed(merId, id));
  });
  return (await readMerchantProduct(ctx.db, merId, id))!;
}

/** `POST /api/merchant/product/status/{id}` `{status}`: on the shelf (1) or off it (0); shoppers see it at once. */
export async function setMerchantProductStatus(
  ctx: MerchantContext,
  input: { id: unknown; status?: unknown },
): Promise<{ product_id: number; status: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(productIdInput, { id: input.id });
  const { status } = parseInput(productStatusBody, input);
  const [row] = await ctx.db
    .update(product)
    .set({ status, updatedAt: now() })
    .where(ownProduct(merId, id))
    .returning({ id: product.productId, status: product.status });
  if (!row) throw notFound(PRODUCT_GONE);
  invalidate(ctx.db, changed(merId, id));
  // Back on the shelf with stock: shoppers who asked for its sold-out SKUs hear of it.
  if (row.status === 1) await queueArrivalNotices(ctx.db, [row.id]);
  return { product_id: row.id, status: row.status };
}

/**
 * `POST /api/merchant/product/stock/{id}` `{list: [{unique, stock} | {unique, add}]}`: SKU stock set or changed, and the
 * product's total with it, in one transaction under the SKUs' locks (a concurrent order waits, then takes from the new
 * figure). Refused whole when a SKU is not the product's or would go below zero.
 */
export async function changeMerchantProductStock(
  ctx: MerchantContext,
  input: { id: unknown; list?: unknown },
): Promise<{ product_id: number; stock: number; attrValue: { unique: string; stock: number }[] }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(productIdInput, { id: input.id });
  const { list } = parseInput(productStockBody, input);
  const seen = new Set<string>();
  for (const x of list) {
    if (seen.has(x.unique)) throw new ServiceError('invalid', PRODUCT_TEXT.skuRepeated(x.unique));
    seen.add(x.unique);
  }
  return transaction(ctx.db, async (tx) => {
    const [own] = await tx.select({ id: product.productId }).from(product).where(ownProduct(merId, id));
    if (!own) throw notFound(PRODUCT_GONE);
    const skus = new Map((await lockSkus(tx, id)).map((s) => [s.unique, s.stock]));
    const next = list.map((x) => {
      const now = skus.get(x.unique);
      if (now === undefined) throw new ServiceError('invalid', PRODUCT_TEXT.skuMissing(x.unique));
      const stock = x.stock ?? now + x.add!;
      if (stock < 0) throw new ServiceError('invalid', PRODUCT_TEXT.stockBelowZero(x.unique));
      if (stock > PRODUCT_LIMITS.stock) throw new ServiceError('invalid', PRODUCT_TEXT.stockTooHigh(x.unique));
      return { unique: x.unique, stock };
    });
    for (const x of [...next].sort((a, b) => (a.unique < b.unique ? -1 : 1))) {
      await tx.update(productSku).set({ stock: x.stock }).where(eq(productSku.unique, x.unique));
    }
    await rollUp(tx, id);
    const [row] = await tx.select({ stock: product.stock }).from(product).where(eq(product.productId, id));
    invalidate(tx, changed(merId, id));
    return { product_id: id, stock: row!.stock, attrValue: next };
  });
}
