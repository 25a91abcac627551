import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { deleteMerchantCoupon } from '../../../../../server/services/merchant-api/coupons.ts';

/** Deletes a coupon nobody has claimed (a claimed one can only be stopped). */
export const POST = merchantEndpoint(async (ctx, { params }) => ok(await deleteMerchantCoupon(ctx, { id: params.id ?? '' }), '删除成功'));
