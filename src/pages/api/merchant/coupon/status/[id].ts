import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { setMerchantCouponStatus } from '../../../../../server/services/merchant-api/coupons.ts';
import { merchantCouponStatusBody } from '../../../../../shared/schemas/merchant-coupon.ts';
import { readObjectBody } from '../../../_input.ts';

/** `{status: 1}` offers the coupon to shoppers again, `{status: 0}` stops it; claimed coupons stay usable. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, merchantCouponStatusBody);
  const done = await setMerchantCouponStatus(ctx, { ...body, id: params.id ?? '' });
  return ok(done, done.status ? '已开始发放' : '已停止发放');
});
