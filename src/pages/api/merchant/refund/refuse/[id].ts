import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { refuseMerchantRefund } from '../../../../../server/services/refund/merchant-refuse-refund.ts';
import { refundRefuseBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/** Refuses a refund request under review: `{fail_message}` (1-200 characters), the reason the buyer reads. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, refundRefuseBody);
  return ok(await refuseMerchantRefund(ctx, { ...body, id: params.id ?? '' }), '已拒绝退款申请');
});
