import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { approveMerchantRefund } from '../../../../../server/services/refund/merchant-approve-refund.ts';
import { refundApproveBody } from '../../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../../_input.ts';

/**
 * Approves a refund request under review. Refund only: refunded and the money goes back; return and refund: the buyer
 * is asked to send the goods to the shop's return address (optional body `{return_name, return_phone, return_address}`).
 */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, refundApproveBody);
  return ok(await approveMerchantRefund(ctx, { ...body, id: params.id ?? '' }), '已同意退款申请');
});
