import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listMerchantCategories } from '../../../server/services/merchant/list-merchant-categories.ts';

/** Merchant categories `[{merchant_category_id, category_name}]` (same list as /api/pc/mer_category). */
export const GET = endpoint(async (ctx) => ok(await listMerchantCategories(ctx)));
