import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getReviewItem } from '../../../../server/services/catalogue/review-item.ts';

/** The shopper's bought item to review (`unique` = order_product_id): `{cart_info, product_num, is_reply, reply, ...}`. */
export const GET = endpoint(async (ctx, { params }) => ok(await getReviewItem(ctx, { unique: params.unique ?? '' })));
