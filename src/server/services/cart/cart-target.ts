import { and, eq } from 'drizzle-orm';
import { merchant, product, productSku } from '../../db/schema/index.ts';
import type { QuantityRule } from '../../../shared/sku.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound } from '../input.ts';
import { PRODUCT_GONE } from '../catalogue/product-detail.ts';
import { loadSeckillOffer } from '../promotion/get-seckill-detail.ts';
import { loadPresell } from '../promotion/get-presell-detail.ts';
import { presellStatus } from '../promotion/presell-state.ts';
import { now } from '../dates.ts';

export const CART_TEXT = {
  noSku: '商品规格不存在',
  soldOut: '该规格已售罄',
  buyNowOnly: '活动商品请直接购买',
  seckillNotStarted: '秒杀活动尚未开始',
  seckillEnded: '秒杀活动已结束',
  presellNotStarted: '预售活动尚未开始',
  presellEnded: '预售活动已结束',
  min: (n: number) => `该商品至少购买${n}件`,
  max: (n: number) => `该商品每次最多购买${n}件`,
  stock: (n: number) => `库存不足，最多可购买${n}件`,
} as const;

export interface CartTarget {
  /** The product row bought (for presales the presale's own product row). */
  productId: number;
  rule: QuantityRule;
}

const fail = (m: string) => new ServiceError('refused', m);

async function skuOf(ctx: Pick<ServiceContext, 'db'>, productId: number, type: number, unique: string) {
  const [row] = await ctx.db
    .select({ stock: productSku.stock, min: product.onceMinCount, max: product.onceMaxCount, skuProduct: productSku.productId })
    .from(product)
    .innerJoin(merchant, and(eq(merchant.merId, product.merId), eq(merchant.status, true)))
    .leftJoin(productSku, and(eq(productSku.productId, product.productId), eq(productSku.unique, unique)))
    .where(and(eq(product.productId, productId), eq(product.productType, type), eq(product.status, 1)));
  if (!row) throw notFound(PRODUCT_GONE);
  if (row.stock === null) throw fail(CART_TEXT.noSku);
  if (row.stock <= 0) throw fail(CART_TEXT.soldOut);
  return { stock: row.stock, min: row.min, max: row.max };
}

/**
 * What a cart line buys and the quantity rule it must keep: the SKU must belong to the product, the
 * product must be on sale in an open shop, and activity products must be running and bought at once.
 */
export async function resolveCartTarget(
  ctx: Pick<ServiceContext, 'db'>,
  q: { product_id: number; product_attr_unique: string; is_new: number; product_type: number },
): Promise<CartTarget> {
  if (q.product_type !== 0 && q.is_new !== 1) throw fail(CART_TEXT.buyNowOnly);
  if (q.product_type === 1) {
    const offer = await loadSeckillOffer(ctx, q.product_id);
    if (offer.status !== 1) throw fail(offer.status === 0 ? CART_TEXT.seckillNotStarted : CART_TEXT.seckillEnded);
    const s = await skuOf(ctx, q.product_id, 1, q.product_attr_unique);
    return { productId: q.product_id, rule: { stock: s.stock, once_max_count: offer.s.oncePayCount } };
  }
  if (q.product_type === 2) {
    const pr = await loadPresell(ctx, q.product_id);
    const state = presellStatus(pr, now());
    if (state !== 1) throw fail(state === 0 ? CART_TEXT.presellNotStarted : CART_TEXT.presellEnded);
    const s = await skuOf(ctx, pr.productId, 2, q.product_attr_unique);
    return { productId: pr.productId, rule: { stock: s.stock, once_max_count: pr.payCount } };
  }
  const s = await skuOf(ctx, q.product_id, 0, q.product_attr_unique);
  return { productId: q.product_id, rule: { stock: s.stock, once_min_count: s.min, once_max_count: s.max } };
}
