import { z } from 'zod';
import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createMerchantCoupon } from '../../../../server/services/merchant-api/coupons.ts';
import { readObjectBody } from '../../_input.ts';

/** A new shop coupon (type 0) or product coupon (type 1 with `product_id`) `{title, coupon_price, use_min_price, coupon_type, ...}`. */
export const POST = merchantEndpoint(async (ctx, { request }) => {
  // The service validates (and converts yuan to cents) once; here the body only has to be a JSON object.
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await createMerchantCoupon(ctx, body), '添加成功');
});
