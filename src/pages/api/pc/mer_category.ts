import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listMerchantCategories } from '../../../server/services/merchant/list-merchant-categories.ts';

/** The shop street's category chips `[{merchant_category_id, category_name}]`. */
export const GET = endpoint(async (ctx) => ok(await listMerchantCategories(ctx)));
