import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listCoupons } from '../../../server/services/coupon/list-coupons.ts';

/** The coupon centre `{count, list}`, `?type&product=1`; `issue` says whether the shopper has one. */
export const GET = endpoint(async (ctx, { url }) => ok(await listCoupons(ctx, rawQuery(url))));
