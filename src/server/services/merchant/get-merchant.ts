import { z } from 'zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { loadShop, type MerchantCard } from './merchant-card.ts';
import { isRelated } from '../relation/get-relation.ts';

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
  const [shop, care] = await Promise.all([loadShop(ctx, id), isRelated(ctx, 10, id)]);
  if (!shop) throw notFound(SHOP_CLOSED);
  return { ...shop.card, care, top_banner: shop.card.mer_banner, banner: shop.banners };
}

/** Throws the 404 unless shop `merId` exists and is open (read from the shop cache, merchant-card.ts). */
export async function assertMerchantOpen(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<void> {
  if (!(await loadShop(ctx, merId))) throw notFound(SHOP_CLOSED);
}
