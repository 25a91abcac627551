import type { ServiceContext } from '../context.ts';
import { getMerchant } from './get-merchant.ts';

/** `GET /api/pc/mer_config/{id}` as the reference's client reads it: carousel slides are `{img}` objects. */
export interface MerchantConfig {
  top_banner: string;
  banner: { img: string }[];
}

/** The shop pages' top banner and home carousel (closed or unknown shop: 404, like the shop card). */
export async function getMerchantConfig(ctx: ServiceContext, input: { id: number | string }): Promise<MerchantConfig> {
  const shop = await getMerchant(ctx, input);
  return { top_banner: shop.top_banner, banner: shop.banner.map((img) => ({ img })) };
}
