import { eq, inArray } from 'drizzle-orm';
import { merchant, presell, product, productSku, seckillProduct, seckillTime } from '../../db/schema/index.ts';
import { quantityBounds, type QuantityRule } from '../../../shared/sku.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound } from '../input.ts';
import { PRODUCT_GONE } from '../catalogue/product-detail.ts';
import { loadPresell } from '../promotion/get-presell-detail.ts';
import { presellStatus, type PresellStatus } from '../promotion/presell-state.ts';
import { offerStatus, type SeckillStatus } from '../promotion/seckill-clock.ts';
import { now } from '../dates.ts';
import { readAll } from '../../db/transaction.ts';

export const CART_TEXT = {
  noSku: '商品规格不存在',
  soldOut: '该规格已售罄',
  buyNowOnly: '活动商品请直接购买',
  seckillNotStarted: '秒杀活动尚未开始',
  seckillEnded: '秒杀活动已结束',
  presellNotStarted: '预售活动尚未开始',
  presellEnded: '预售活动已结束',
  lineGone: '购物车商品不存在',
  min: (n: number) => `该商品至少购买${n}件`,
  max: (n: number) => `该商品每次最多购买${n}件`,
  stock: (n: number) => `库存不足，最多可购买${n}件`,
} as const;

/** A product row as the cart sees it: what it shows, its shop, and the state of its activity now. */
export interface CartProduct {
  productId: number;
  productType: number;
  /** 1 on sale. */
  status: number;
  storeName: string;
  image: string;
  /** Cents. */
  price: number;
  unitName: string;
  onceMinCount: number;
  onceMaxCount: number;
  merId: number;
  merName: string;
  merAvatar: string;
  isTrader: boolean;
  merchantOpen: boolean;
  /** Flash-sale rows: the offer's state now and its per-order cap; null when the row has no offer. */
  seckill: { status: SeckillStatus; oncePayCount: number } | null;
  /** Presale rows: the presale's state now (null when switched off or missing) and its cap. */
  presell: { status: PresellStatus; payCount: number } | null;
}

export type CartSku = typeof productSku.$inferSelect;

/** What one cart line points at: the product row (absent once deleted) and the SKU (absent once gone). */
export interface CartTargetFacts {
  product?: CartProduct;
  sku?: CartSku;
}

/** Why a line cannot be bought, if it cannot. */
export type TargetProblem = 'deleted' | 'closed' | 'off' | 'notStarted' | 'ended' | 'noSku' | 'soldOut';

/**
 * Loads the targets of many lines in two queries (products with shop and activity, and SKUs), whatever their
 * number: the cart page lists every line with it and buy-again checks a whole order.
 */
export async function loadCartTargets(
  ctx: Pick<ServiceContext, 'db'>,
  keys: readonly { productId: number; unique: string }[],
): Promise<CartTargetFacts[]> {
  if (!keys.length) return [];
  const at = now();
  const [products, skus] = await readAll(ctx.db, [
    () =>
      ctx.db
        .select({
          productId: product.productId,
          productType: product.productType,
          status: product.status,
          storeName: product.storeName,
          image: product.image,
          price: product.price,
          unitName: product.unitName,
          onceMinCount: product.onceMinCount,
          onceMaxCount: product.onceMaxCount,
          merId: merchant.merId,
          merName: merchant.merName,
          merAvatar: merchant.merAvatar,
          isTrader: merchant.isTrader,
          merchantOpen: merchant.status,
          seckillStartDay: seckillProduct.startDay,
          seckillEndDay: seckillProduct.endDay,
          seckillOnce: seckillProduct.oncePayCount,
          sessionStart: seckillTime.startTime,
          sessionEnd: seckillTime.endTime,
          presellOn: presell.status,
          presellStart: presell.startTime,
          presellEnd: presell.endTime,
          presellCap: presell.payCount,
        })
        .from(product)
        .innerJoin(merchant, eq(merchant.merId, product.merId))
        .leftJoin(seckillProduct, eq(seckillProduct.productId, product.productId))
        .leftJoin(seckillTime, eq(seckillTime.seckillTimeId, seckillProduct.seckillTimeId))
        .leftJoin(presell, eq(presell.productId, product.productId))
        .where(inArray(product.productId, [...new Set(keys.map((k) => k.productId))])),
    () =>
      ctx.db
        .select()
        .from(productSku)
        .where(inArray(productSku.unique, [...new Set(keys.map((k) => k.unique))])),
  ]);
  const byId = new Map<number, CartProduct>();
  for (const r of products) {
    const seckill =
      r.seckillStartDay !== null && r.seckillEndDay !== null && r.sessionStart !== null && r.sessionEnd !== null
        ? {
            status: offerStatus(
              { startTime: r.sessionStart, endTime: r.sessionEnd, startDay: r.seckillStartDay, endDay: r.seckillEndDay },
              at,
            ),
            oncePayCount: r.seckillOnce ?? 0,
          }
        : null;
    const presale =
      r.presellOn && r.presellStart && r.presellEnd
        ? { status: presellStatus({ startTime: r.presellStart, endTime: r.presellEnd }, at), payCount: r.presellCap ?? 0 }
        : null;
    byId.set(r.productId, {
      productId: r.productId,
      productType: r.productType,
      status: r.status,
      storeName: r.storeName,
      image: r.image,
      price: r.price,
      unitName: r.unitName,
      onceMinCount: r.onceMinCount,
      onceMaxCount: r.onceMaxCount,
      merId: r.merId,
      merName: r.merName,
      merAvatar: r.merAvatar,
      isTrader: r.isTrader,
      merchantOpen: r.merchantOpen,
      seckill,
      presell: presale,
    });
  }
  const byUnique = new Map(skus.map((s) => [s.unique, s]));
  return keys.map((k) => {
    const sku = byUnique.get(k.unique);
    return { product: byId.get(k.productId), sku: sku && sku.productId === k.productId ? sku : undefined };
  });
}

/**
 * Why a line of these facts cannot be bought now, or null: the product must exist and be on sale in an open
 * shop, an activity row's flash sale or presale must be running, and its SKU must exist and have stock.
 */
export function targetProblem(t: CartTargetFacts): TargetProblem | null {
  const p = t.product;
  if (!p) return 'deleted';
  if (!p.merchantOpen) return 'closed';
  if (p.status !== 1) return 'off';
  const activity = p.productType === 1 ? p.seckill : p.productType === 2 ? p.presell : undefined;
  if (activity === null) return 'off';
  if (activity && activity.status !== 1) return activity.status === 0 ? 'notStarted' : 'ended';
  if (!t.sku) return 'noSku';
  if (t.sku.stock <= 0) return 'soldOut';
  return null;
}

/** The quantity rule of a buyable line: stock, and the product's limits or the activity's per-order cap. */
export function targetRule(p: CartProduct, sku: CartSku): QuantityRule {
  if (p.productType === 1) return { stock: sku.stock, once_max_count: p.seckill?.oncePayCount ?? 0 };
  if (p.productType === 2) return { stock: sku.stock, once_max_count: p.presell?.payCount ?? 0 };
  return { stock: sku.stock, once_min_count: p.onceMinCount, once_max_count: p.onceMaxCount };
}

export interface CartTarget {
  /** The product row bought (for presales the presale's own product row). */
  productId: number;
  rule: QuantityRule;
}

const fail = (m: string) => new ServiceError('refused', m);

/** The refusal a write (add, change, buy again) gives for a target that cannot be bought. */
function refusal(problem: TargetProblem, productType: number): ServiceError {
  switch (problem) {
    case 'notStarted':
      return fail(productType === 1 ? CART_TEXT.seckillNotStarted : CART_TEXT.presellNotStarted);
    case 'ended':
      return fail(productType === 1 ? CART_TEXT.seckillEnded : CART_TEXT.presellEnded);
    case 'noSku':
      return fail(CART_TEXT.noSku);
    case 'soldOut':
      return fail(CART_TEXT.soldOut);
    default:
      return notFound(PRODUCT_GONE);
  }
}

/** The target of loaded facts when a line of `productType` can be bought, else the write's refusal. */
export function buyableTarget(t: CartTargetFacts, productType: number): CartTarget {
  if (t.product && t.product.productType !== productType) throw notFound(PRODUCT_GONE);
  const problem = targetProblem(t);
  if (problem) throw refusal(problem, productType);
  return { productId: t.product!.productId, rule: targetRule(t.product!, t.sku!) };
}

/**
 * What a new cart line buys and the quantity rule it must keep: the SKU must belong to the product, the
 * product must be on sale in an open shop, and activity products must be running and bought at once.
 */
export async function resolveCartTarget(
  ctx: Pick<ServiceContext, 'db'>,
  q: { product_id: number; product_attr_unique: string; is_new: number; product_type: number },
): Promise<CartTarget> {
  if (q.product_type !== 0 && q.is_new !== 1) throw fail(CART_TEXT.buyNowOnly);
  const productId = q.product_type === 2 ? (await loadPresell(ctx, q.product_id)).productId : q.product_id;
  const [facts] = await loadCartTargets(ctx, [{ productId, unique: q.product_attr_unique }]);
  return buyableTarget(facts!, q.product_type);
}

/** Refuses a quantity outside `[max(1, min), min(stock, max)]` with the limit that was broken. */
export function checkQuantity(n: number, rule: QuantityRule): void {
  const { min } = quantityBounds(rule);
  if (n < min) throw new ServiceError('invalid', CART_TEXT.min(min));
  if (rule.once_max_count && n > rule.once_max_count) throw new ServiceError('invalid', CART_TEXT.max(rule.once_max_count));
  if (n > rule.stock) throw new ServiceError('refused', CART_TEXT.stock(rule.stock));
}
