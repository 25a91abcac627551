import { and, eq, sql } from 'drizzle-orm';
import {
  brand,
  parameter,
  presell,
  product,
  productAttr,
  productContent,
  productParameterValue,
  productReply,
  productSku,
  seckillProduct,
} from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { loadMerchantCard, type MerchantCard } from '../merchant/merchant-card.ts';
import { listMerchantRecommend } from '../merchant/list-merchant-recommend.ts';
import { NO_RANK, rankBadgeOf } from './hot-ranking.ts';
import type { OrderSettings } from '../order/checkout.ts';
import { maxPointsFor } from '../order/price-order.ts';
import { cachedOrderSettings } from '../site/load-shell.ts';
import type { ProductCard } from './product-card.ts';
import { getCategoryTree, ancestorsOf } from './category-tree.ts';
import { attrDtos, skuMap, type AttrDto, type SkuDto } from './sku-map.ts';
import { guaranteeOf, shippingOf, type GuaranteeTemplate } from './guarantees.ts';
import { shippingTerms } from './shipping-terms.ts';
import { notFound } from '../input.ts';
import { svipFields, type SvipFields } from './svip.ts';
import { shows, tag } from '../cache-tags.ts';
import { builtOnce, prepareOnPglite } from '../../db/prepared.ts';
import { firstReviewsColumn, type ReviewStats } from './review-read.ts';
import { isRelated } from '../relation/get-relation.ts';
import { productColumns } from './product-query.ts';

export const PRODUCT_GONE = '商品不存在或已下架';

/** Everything the product page shows about a product (normal, seckill or presell row). */
export interface ProductDetail extends SvipFields {
  product_id: number;
  mer_id: number;
  store_name: string;
  store_info: string;
  keyword: string;
  image: string;
  slider_image: string[];
  cate_id: number;
  /** Category path root → leaf, for breadcrumbs. */
  cate_path: { store_category_id: number; cate_name: string }[];
  brand_id: number | null;
  brand_name: string;
  unit_name: string;
  price: string;
  ot_price: string;
  stock: number;
  sales: number;
  rate: number;
  reply_count: number;
  product_type: number;
  once_min_count: number;
  once_max_count: number;
  delivery_free: number;
  /** The rich description as the reference's client reads it (`content.content`). */
  content: { content: string };
  attr: AttrDto[];
  sku: Record<string, SkuDto>;
  params: { name: string; value: string }[];
  guaranteeTemplate: GuaranteeTemplate;
  temp: { name: string; info: string };
  merchant: MerchantCard & { recommend: ProductCard[] };
  isRelation: boolean;
  /** The most points can pay of one piece at checkout, yuan ("0.00" when points are off or it is an activity product): "积分最多可抵 ¥x". */
  max_integral: string;
  /** The ranking badge (`/goods_ranking/{top_pid}`, "`top_name` 第 `top_num` 名"); 0 and '' when the product is not in its ranking. */
  top_pid: number;
  top_name: string;
  top_num: number;
}

/** The most points can pay of one piece at `priceCents`, in cents, as checkout counts them (price-order.ts). */
export function maxPointsCents(priceCents: number, s: Pick<OrderSettings, 'integralOpen' | 'integralMaxRate' | 'centsPerPoint'>): number {
  return s.integralOpen ? maxPointsFor(priceCents, s.integralMaxRate, s.centsPerPoint) * Math.max(1, s.centsPerPoint) : 0;
}

type AttrRow = typeof productAttr.$inferSelect;
type SkuRow = typeof productSku.$inferSelect;

/**
 * A product's specs, SKUs, parameters and review count, read with the product itself: one round trip instead of
 * five (each query costs PGlite a fixed ~0.3-0.5 ms of protocol and parsing, more than these indexed reads).
 * Rows come back as JSON arrays in the column order of the tuples below; numerics as text, as Drizzle reads them.
 */
const attrsJson = sql<[number, string, string[]][]>`(select coalesce(json_agg(json_build_array(a.sort, a.attr_name, a.attr_values)), '[]')
  from ${productAttr} a where a.product_id = ${product.productId})`;
const skusJson = sql<[string, string, number, number, number, string, number, number, string, string, string][]>`(select
  coalesce(json_agg(json_build_array(s."unique", s.sku, s.price, s.ot_price, s.stock, s.image, s.sales, s.down_price, s.bar_code,
  s.weight::text, s.volume::text)), '[]') from ${productSku} s where s.product_id = ${product.productId})`;
/**
 * The product a row sells: itself, or a flash sale's or presale's origin product. Its parameters and reviews are that
 * product's (an offer's row copies the product's specs and SKUs, not its parameters, which stay the product's: an
 * edit of them shows on the offers too). `listReviews`' `reviewedProductId` is the same lookup for a review page.
 */
const soldProductId = sql<number>`(case when ${product.productType} = 0 then ${product.productId} else coalesce(
  (select s.origin_product_id from ${seckillProduct} s where s.product_id = ${product.productId}),
  (select pr.origin_product_id from ${presell} pr where pr.product_id = ${product.productId}), ${product.productId}) end)`;
const paramsJson = sql<{ name: string; value: string }[]>`(select coalesce(json_agg(json_build_object('name', pa.name, 'value', v.value)
  order by v.sort, pa.sort desc), '[]') from ${productParameterValue} v join ${parameter} pa on pa.parameter_id = v.parameter_id
  where v.product_id = ${soldProductId})`;
/** Its reviews: a flash sale's or presale's are those of the product it sells, like its parameters (`listReviews`). */
const replyCount = sql<number>`(select count(*)::int from ${productReply} r where r.product_id = ${soldProductId})`;

const attrRows = (productId: number, rows: [number, string, string[]][]): AttrRow[] =>
  rows.map(([sort, attrName, attrValues]) => ({ productId, sort, attrName, attrValues }));
const skuRows = (
  productId: number,
  rows: [string, string, number, number, number, string, number, number, string, string, string][],
): SkuRow[] =>
  rows.map(([unique, sku, price, otPrice, stock, image, sales, downPrice, barCode, weight, volume]) => ({
    unique,
    productId,
    sku,
    price,
    otPrice,
    stock,
    image,
    sales,
    downPrice,
    barCode,
    weight,
    volume,
  }));

/** The product's read (`loadProductDetail`), with or without the reviews its page first shows. */
const buildDetailRead = (db: ServiceContext['db'], withFirstReviews: boolean) =>
  prepareOnPglite(
    withFirstReviews ? 'product-detail+reviews' : 'product-detail',
    db
      .select({
        p: productColumns,
        brandName: brand.brandName,
        content: productContent.content,
        attrs: attrsJson,
        skus: skusJson,
        params: paramsJson,
        soldProductId,
        // The first reviews' stats count them all: no second count.
        replies: withFirstReviews ? sql<null>`null` : replyCount,
        reviews: withFirstReviews ? firstReviewsColumn() : sql<null>`null`,
      })
      .from(product)
      .leftJoin(brand, eq(brand.brandId, product.brandId))
      .leftJoin(productContent, eq(productContent.productId, product.productId))
      .where(and(eq(product.productId, sql.placeholder('id')), eq(product.productType, sql.placeholder('type')), eq(product.status, 1))),
  ).prepare(withFirstReviews ? 'product_detail_reviews' : 'product_detail');

/** The product's read, built once per database and transaction: about 0.15 ms of main-thread CPU otherwise, the largest of a product page. */
const detailRead = builtOnce((db: ServiceContext['db'], variant) => buildDetailRead(db, variant === 'reviews'));

const firstReviews = new WeakMap<ProductDetail, ReviewStats>();

/** The reviews a product page first shows, read with its product when it was loaded `withFirstReviews`. */
export const firstReviewsOf = (detail: ProductDetail): ReviewStats | undefined => firstReviews.get(detail);

/**
 * Loads product `productId` of `productType` when it is on sale in an open shop, else 404.
 * `relationType`/`relationId` say which favourite `isRelation` reflects (presales favourite the presell id).
 * `withFirstReviews`: the same query also reads the reviews the product's page first shows (`firstReviewsOf`).
 */
export async function loadProductDetail(
  ctx: ServiceContext,
  productId: number,
  productType: number,
  relationRef: { type: number; id: number } = { type: productType, id: productId },
  opts: { withFirstReviews?: boolean } = {},
): Promise<ProductDetail> {
  // The page shows the product's stock: an order of it drops the page (cache-tags.ts `stock`).
  shows(tag('product', productId), tag('stock', productId));
  const [row] = await detailRead(ctx.db, opts.withFirstReviews ? 'reviews' : '').execute({ id: productId, type: productType });
  const merchant = row ? await loadMerchantCard(ctx, row.p.merId) : null;
  if (!row || !merchant) throw notFound(PRODUCT_GONE);
  // An offer shows its product's parameters and review count: an edit of them drops the offer's page too.
  if (row.soldProductId !== productId) shows(tag('product', row.soldProductId));
  const p = row.p;
  const [tree, recommend, related, terms, rank, settings] = await Promise.all([
    getCategoryTree(ctx),
    listMerchantRecommend(ctx, p.merId, { exclude: productType === 0 ? productId : undefined }),
    isRelated(ctx, relationRef.type, relationRef.id),
    p.deliveryFree || p.tempId === null ? null : shippingTerms(ctx, p.tempId),
    // Rankings list normal products: a flash sale or presale has no place in them.
    productType === 0 ? rankBadgeOf(ctx, productId, p.cateId) : NO_RANK,
    // Points pay only for normal goods at checkout (price-order.ts).
    productType === 0 ? cachedOrderSettings(ctx) : null,
  ]);
  const path = ancestorsOf(tree, p.cateId).map((c) => ({ store_category_id: c.store_category_id, cate_name: c.cate_name }));
  const attr = attrDtos(attrRows(p.productId, row.attrs));
  const detail: ProductDetail = {
    product_id: p.productId,
    mer_id: p.merId,
    store_name: p.storeName,
    store_info: p.storeInfo,
    keyword: p.keyword,
    image: p.image,
    slider_image: p.sliderImage,
    cate_id: p.cateId,
    cate_path: path,
    brand_id: p.brandId,
    brand_name: row.brandName ?? '',
    unit_name: p.unitName,
    price: toYuan(p.price),
    ot_price: toYuan(p.otPrice),
    stock: p.stock,
    sales: p.sales,
    rate: Number(p.rate),
    reply_count: row.reviews ? row.reviews.count : (row.replies ?? 0),
    product_type: p.productType,
    once_min_count: p.onceMinCount,
    once_max_count: p.onceMaxCount,
    delivery_free: p.deliveryFree ? 1 : 0,
    content: { content: row.content ?? '' },
    attr,
    sku: skuMap(attr, skuRows(p.productId, row.skus)),
    params: row.params,
    guaranteeTemplate: guaranteeOf({ isTrader: !!merchant.is_trader, deliveryFree: p.deliveryFree, topCategory: path[0]?.cate_name }),
    temp: shippingOf(p.deliveryFree, terms),
    merchant: { ...merchant, recommend },
    isRelation: related,
    max_integral: toYuan(settings ? maxPointsCents(p.price, settings) : 0),
    ...rank,
    ...svipFields(toYuan(p.price)),
  };
  if (row.reviews) firstReviews.set(detail, row.reviews);
  return detail;
}
