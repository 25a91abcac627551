import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { approveIntention } from '../../../../../server/services/intention/review-intention.ts';

/** Approves a pending application once and opens its shop (`mer_id` in the answer). */
export const POST = operatorEndpoint(async (ctx, { params }) =>
  ok(await approveIntention(ctx, { id: params.id ?? '' }), '已通过，店铺已开通'),
);
