import { endpoint, ok } from '../../../server/http/envelope.ts';
import { requireUser } from '../../../server/services/context.ts';
import { createReview } from '../../../server/services/catalogue/create-review.ts';
import { reviewInput } from '../../../shared/schemas/review.ts';
import { readObjectBody } from '../_input.ts';

/** Reviews a bought item (`unique` = order_product_id): `{comment, pics[], product_score, service_score, postage_score}`. */
export const POST = endpoint(async (ctx, { params, request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, reviewInput);
  return ok(await createReview(ctx, { ...body, unique: params.unique ?? '' }), '评价成功');
});
