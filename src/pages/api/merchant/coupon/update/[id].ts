import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateMerchantCoupon } from '../../../../../server/services/merchant-api/coupons.ts';
import { readObjectBody } from '../../../_input.ts';

/** The fields sent change; once claimed, the coupon's terms stay and its total only grows. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await updateMerchantCoupon(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
