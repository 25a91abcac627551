import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { claimCoupon } from '../../../../server/services/coupon/claim-coupon.ts';

/** Claim a coupon (login required: visitors get 400 请登录). */
export const POST = endpoint(async (ctx, { params }) => ok(await claimCoupon(ctx, { id: params.id ?? '' }), '领取成功'));
