import { and, eq } from 'drizzle-orm';
import { merchant } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { merchantIdInput, SHOP_CLOSED } from './get-merchant.ts';

/**
 * `POST /api/store/certificate/{mer_id}`: the shop's licence image URLs. The endpoint puts this behind an
 * image captcha (checked there, with the accounts issue's captcha service) to slow down scraping.
 */
export async function getMerchantLicences(ctx: Pick<ServiceContext, 'db'>, input: { id: number | string }): Promise<string[]> {
  const { id } = parseInput(merchantIdInput, input);
  const [m] = await ctx.db
    .select({ images: merchant.licenceImages })
    .from(merchant)
    .where(and(eq(merchant.merId, id), eq(merchant.status, true)));
  if (!m) throw notFound(SHOP_CLOSED);
  return m.images;
}
