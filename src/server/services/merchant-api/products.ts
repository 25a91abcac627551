import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  PRODUCT_TYPE,
  parameter,
  product,
  productAttr,
  productContent,
  productMerchantCategory,
  productParameterValue,
  productSku,
} from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { merchantProductListQuery } from '../../../shared/schemas/merchant-product.ts';
import { toYuan } from '../../../shared/money.ts';
import { SKU_SEPARATOR } from '../../../shared/sku.ts';
import { formatDateTime } from '../dates.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

export const PRODUCT_GONE = '商品不存在';

/** The `{id}` of a product call's path. */
export const productIdInput = z.object({ id: idField('商品ID') });

/** A row of `GET /api/merchant/product/lst`. */
export interface MerchantProductItem {
  product_id: number;
  store_name: string;
  image: string;
  cate_id: number;
  unit_name: string;
  /** Lowest SKU price and original price, yuan. */
  price: string;
  ot_price: string;
  /** Left to sell over all SKUs. */
  stock: number;
  sales: number;
  /** 1 on sale, 0 off the shelf. */
  status: number;
  sku_count: number;
  create_time: string;
}

/** `attrValue[]` of `GET /api/merchant/product/detail/{id}`: one SKU. */
export interface MerchantSkuDto {
  unique: string;
  /** The spec values joined with ',' in `attr` order ('' for a single-spec product). */
  sku: string;
  detail: Record<string, string>;
  price: string;
  ot_price: string;
  stock: number;
  sales: number;
  image: string;
  bar_code: string;
  weight: number;
  volume: number;
}

/** `GET /api/merchant/product/detail/{id}`: a product as the create and update calls take it, with what the mall added. */
export interface MerchantProductDto extends MerchantProductItem {
  store_info: string;
  keyword: string;
  mer_cate_id: number[];
  brand_id: number;
  temp_id: number;
  slider_image: string[];
  content: string;
  once_min_count: number;
  once_max_count: number;
  refund_switch: number;
  spec_type: number;
  attr: { value: string; detail: string[] }[];
  /** The 规格参数 tab: the mall's parameter names and the product's values. */
  params: { name: string; value: string }[];
  attrValue: MerchantSkuDto[];
}

const listColumns = {
  productId: product.productId,
  storeName: product.storeName,
  image: product.image,
  cateId: product.cateId,
  unitName: product.unitName,
  price: product.price,
  otPrice: product.otPrice,
  stock: product.stock,
  sales: product.sales,
  status: product.status,
  createdAt: product.createdAt,
  // Written out: drizzle leaves a selected column's table off, which would make the correlation compare product_sku to itself.
  skuCount: sql<number>`(select count(*)::int from product_sku s where s.product_id = "product"."product_id")`,
};

interface ListRow {
  productId: number;
  storeName: string;
  image: string;
  cateId: number;
  unitName: string;
  price: number;
  otPrice: number;
  stock: number;
  sales: number;
  status: number;
  createdAt: Date;
  skuCount: number;
}

const itemOf = (r: ListRow): MerchantProductItem => ({
  product_id: r.productId,
  store_name: r.storeName,
  image: r.image,
  cate_id: r.cateId,
  unit_name: r.unitName,
  price: toYuan(r.price),
  ot_price: toYuan(r.otPrice),
  stock: r.stock,
  sales: r.sales,
  status: r.status,
  sku_count: Number(r.skuCount),
  create_time: formatDateTime(r.createdAt) ?? '',
});

/** The shop's own products a merchant manages: its normal products (flash-sale and presale offers belong to activities). */
export const ownProduct = (merId: number, productId?: number): SQL =>
  and(
    eq(product.merId, merId),
    eq(product.productType, PRODUCT_TYPE.normal),
    productId === undefined ? undefined : eq(product.productId, productId),
  )!;

/**
 * `GET /api/merchant/product/lst?status=&keyword=&page=&limit=`: the shop's products, newest first. `status` 1 on sale,
 * 0 off the shelf, `sold_out` on sale with nothing left; `keyword` a part of the name.
 */
export async function listMerchantProducts(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<Page<MerchantProductItem>> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(merchantProductListQuery, input);
  const where = and(
    ownProduct(merId),
    q.status === 'all'
      ? undefined
      : q.status === 'sold_out'
        ? and(eq(product.status, 1), eq(product.stock, 0))
        : eq(product.status, Number(q.status)),
    q.keyword ? gt(sql`strpos(lower(${product.storeName}), lower(${q.keyword}))`, 0) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(product).where(where),
    ctx.db.select(listColumns).from(product).where(where).orderBy(desc(product.productId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: total?.n ?? 0, list: rows.map(itemOf) };
}

/** `GET /api/merchant/product/detail/{id}`: one of the shop's products, whole; another shop's is a 404. */
export async function getMerchantProduct(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantProductDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(productIdInput, { id: input.id });
  const found = await readMerchantProduct(ctx.db, merId, id);
  if (!found) throw notFound(PRODUCT_GONE);
  return found;
}

/** The product as `getMerchantProduct` answers it, or null when it is not one of the shop's products. */
export async function readMerchantProduct(db: Db, merId: number, id: number): Promise<MerchantProductDto | null> {
  const [row] = await db
    .select({
      ...listColumns,
      storeInfo: product.storeInfo,
      keyword: product.keyword,
      brandId: product.brandId,
      tempId: product.tempId,
      sliderImage: product.sliderImage,
      onceMinCount: product.onceMinCount,
      onceMaxCount: product.onceMaxCount,
      refundSwitch: product.refundSwitch,
      content: productContent.content,
    })
    .from(product)
    .leftJoin(productContent, eq(productContent.productId, product.productId))
    .where(ownProduct(merId, id));
  if (!row) return null;
  const [attrs, skus, cates, params] = await Promise.all([
    db.select().from(productAttr).where(eq(productAttr.productId, id)).orderBy(asc(productAttr.sort)),
    db.select().from(productSku).where(eq(productSku.productId, id)).orderBy(asc(productSku.price), asc(productSku.sku)),
    db
      .select({ id: productMerchantCategory.merCateId })
      .from(productMerchantCategory)
      .where(eq(productMerchantCategory.productId, id))
      .orderBy(asc(productMerchantCategory.merCateId)),
    db
      .select({ name: parameter.name, value: productParameterValue.value })
      .from(productParameterValue)
      .innerJoin(parameter, eq(parameter.parameterId, productParameterValue.parameterId))
      .where(eq(productParameterValue.productId, id))
      .orderBy(asc(productParameterValue.sort)),
  ]);
  const names = attrs.map((a) => a.attrName);
  return {
    ...itemOf(row),
    store_info: row.storeInfo,
    keyword: row.keyword,
    mer_cate_id: cates.map((c) => c.id),
    brand_id: row.brandId ?? 0,
    temp_id: row.tempId ?? 0,
    slider_image: row.sliderImage,
    content: row.content ?? '',
    once_min_count: row.onceMinCount,
    once_max_count: row.onceMaxCount,
    refund_switch: row.refundSwitch ? 1 : 0,
    spec_type: attrs.length ? 1 : 0,
    attr: attrs.map((a) => ({ value: a.attrName, detail: a.attrValues })),
    params,
    attrValue: skus.map((s) => {
      const values = s.sku === '' ? [] : s.sku.split(SKU_SEPARATOR);
      return {
        unique: s.unique,
        sku: s.sku,
        detail: Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])),
        price: toYuan(s.price),
        ot_price: toYuan(s.otPrice),
        stock: s.stock,
        sales: s.sales,
        image: s.image,
        bar_code: s.barCode,
        weight: Number(s.weight),
        volume: Number(s.volume),
      };
    }),
  };
}

/** `GET /api/merchant/product/parameters`: the mall's parameter names a product's 规格参数 may use (`params[].name`). */
export async function listProductParameters(ctx: MerchantContext): Promise<{ list: { parameter_id: number; name: string }[] }> {
  requireMerchant(ctx);
  const rows = await ctx.db
    .select({ id: parameter.parameterId, name: parameter.name })
    .from(parameter)
    .orderBy(desc(parameter.sort), asc(parameter.parameterId));
  return { list: rows.map((r) => ({ parameter_id: r.id, name: r.name })) };
}
