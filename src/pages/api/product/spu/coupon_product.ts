import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listCouponProducts } from '../../../../server/services/coupon/list-coupon-products.ts';

/** Products a coupon applies to `{coupon, count, list}`, with the list filters. */
export const GET = endpoint(async (ctx, { url }) => ok(await listCouponProducts(ctx, rawQuery(url))));
