import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { merchant } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { loadMerchantCard, type MerchantCard } from './merchant-card.ts';

export const SHOP_CLOSED = '店铺不存在或已关闭';
export const merchantIdInput = z.object({ id: idField('店铺') });

export interface MerchantDetail extends MerchantCard {
  /** `/api/pc/mer_config/{id}`: the shop pages' top banner and home carousel. */
  top_banner: string;
  banner: string[];
}

/**
 * `GET /api/store/merchant/detail/{id}` (+ `mer_config`): the shop card with scores, follower count,
 * follow state and banners. A closed or unknown shop is a 404 (the page shows its "shop closed" picture).
 */
export async function getMerchant(ctx: ServiceContext, input: { id: number | string }): Promise<MerchantDetail> {
  const { id } = parseInput(merchantIdInput, input);
  const card = await loadMerchantCard(ctx, id);
  if (!card) throw notFound(SHOP_CLOSED);
  const [m] = await ctx.db.select({ banners: merchant.banners }).from(merchant).where(eq(merchant.merId, id));
  return { ...card, top_banner: card.mer_banner, banner: m?.banners ?? [] };
}

/** Throws the 404 unless shop `merId` exists and is open. */
export async function assertMerchantOpen(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<void> {
  const rows = await ctx.db
    .select({ id: merchant.merId })
    .from(merchant)
    .where(and(eq(merchant.merId, merId), eq(merchant.status, true)));
  if (!rows.length) throw notFound(SHOP_CLOSED);
}
