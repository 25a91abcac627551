import { endpoint, ok } from '../../../../../../server/http/envelope.ts';
import { listMerchantProductCategories } from '../../../../../../server/services/merchant/list-merchant-product-categories.ts';

/** A shop's category tree `[{store_category_id, cate_name, children}]`. */
export const GET = endpoint(async (ctx, { params }) => ok(await listMerchantProductCategories(ctx, { id: params.id ?? '' })));
