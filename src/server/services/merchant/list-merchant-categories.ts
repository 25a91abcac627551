import { asc, desc } from 'drizzle-orm';
import { merchantCategory } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

/** `GET /api/pc/mer_category`: shop-street chips `[{merchant_category_id, category_name}]` (cached). */
export function listMerchantCategories(
  ctx: Pick<ServiceContext, 'db'>,
): Promise<{ merchant_category_id: number; category_name: string }[]> {
  return cached(ctx.db, CACHE_KEYS.merchantCategories, () =>
    ctx.db
      .select({ merchant_category_id: merchantCategory.merchantCategoryId, category_name: merchantCategory.categoryName })
      .from(merchantCategory)
      .orderBy(desc(merchantCategory.sort), asc(merchantCategory.merchantCategoryId)),
  );
}
