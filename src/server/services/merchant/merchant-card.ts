import { and, eq } from 'drizzle-orm';
import { merchant, merchantType } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { shows, tag } from '../cache-tags.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { isRelated } from '../relation/get-relation.ts';

/**
 * The shop card of product and shop pages: the shop from the read cache (services/cache.ts, dropped by any change
 * naming the shop: a follow, a review, the operator), the shopper's follow state from the database.
 */
export interface MerchantCard {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  mer_banner: string;
  mer_info: string;
  mer_address: string;
  is_trader: number;
  is_best: number;
  mer_type_id: number;
  type_name: string;
  product_score: number;
  service_score: number;
  postage_score: number;
  /** Average of the three scores, one decimal: the star rating of the shop card. */
  score: number;
  care_count: number;
  service_phone: string;
  /** How the shop answers (reference): 0 online chat (services/chat) beside the phone, 1 phone only. */
  services_type: number;
  isset_certificate: boolean;
  /** Whether the signed-in shopper follows the shop. */
  care: boolean;
}

/** A shop as its pages show it (card and carousel), or null when it does not exist or is closed. */
interface Shop {
  card: Omit<MerchantCard, 'care'>;
  banners: string[];
}

/**
 * The open shop `merId` (its card without the follow state, and its carousel) from the read cache, or null: kept
 * until a change to the shop (a follow, a review, the operator) names it, so product and shop pages do not query it.
 */
export function loadShop(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<Shop | null> {
  return cached(ctx.db, `${CACHE_KEYS.merchantCards}${merId}`, () => readShop(ctx, merId));
}

/** The open shop `merId` as a card, or null when it does not exist or is closed. */
export async function loadMerchantCard(ctx: ServiceContext, merId: number): Promise<MerchantCard | null> {
  const [shop, care] = await Promise.all([loadShop(ctx, merId), isRelated(ctx, 10, merId)]);
  return shop && { ...shop.card, care };
}

async function readShop(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<Shop | null> {
  shows(tag('merchant', merId));
  const [m] = await ctx.db
    .select({ m: merchant, typeName: merchantType.typeName })
    .from(merchant)
    .innerJoin(merchantType, eq(merchantType.merTypeId, merchant.merTypeId))
    .where(and(eq(merchant.merId, merId), eq(merchant.status, true)));
  if (!m) return null;
  const scores = [m.m.productScore, m.m.serviceScore, m.m.postageScore].map(Number) as [number, number, number];
  const card = {
    mer_id: m.m.merId,
    mer_name: m.m.merName,
    mer_avatar: m.m.merAvatar,
    mer_banner: m.m.merBanner,
    mer_info: m.m.merInfo,
    mer_address: m.m.merAddress,
    is_trader: m.m.isTrader ? 1 : 0,
    is_best: m.m.isBest ? 1 : 0,
    mer_type_id: m.m.merTypeId,
    type_name: m.typeName,
    product_score: scores[0],
    service_score: scores[1],
    postage_score: scores[2],
    score: Math.round(((scores[0] + scores[1] + scores[2]) / 3) * 10) / 10,
    care_count: m.m.careCount,
    service_phone: m.m.servicePhone,
    services_type: m.m.servicesType,
    isset_certificate: m.m.licenceImages.length > 0,
  };
  return { card, banners: m.m.banners };
}
