import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listUserCoupons } from '../../../server/services/coupon/list-user-coupons.ts';

/** The shopper's own coupons `{count, list}`: `?statusTag=1` not used nor expired, `0` used or expired. */
export const GET = endpoint(async (ctx, { url }) => ok(await listUserCoupons(ctx, rawQuery(url))));
