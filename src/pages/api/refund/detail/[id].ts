import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getRefund } from '../../../../server/services/refund/get-refund.ts';

/** One of the shopper's refund requests with its items, amounts, return address and shipment (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await getRefund(ctx, { id: params.id ?? '' })));
