import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listProductCoupons } from '../../../server/services/coupon/list-product-coupons.ts';

/** Claimable product coupons of `?ids=<csv>`. */
export const GET = endpoint(async (ctx, { url }) => ok(await listProductCoupons(ctx, { ids: rawQuery(url).ids ?? '' })));
