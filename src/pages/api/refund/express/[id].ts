import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { trackRefund } from '../../../../server/services/refund/get-refund.ts';

/** The return parcel of a refund request and its tracking `{refund, express[]}` (login required). */
export const GET = endpoint(async (ctx, { params }) => ok(await trackRefund(ctx, { id: params.id ?? '' })));
