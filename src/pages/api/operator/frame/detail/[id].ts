import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { getFrame } from '../../../../../server/services/promotion/manage-frames.ts';

/** One activity frame. */
export const GET = operatorEndpoint(async (ctx, { params }) => ok(await getFrame(ctx, params.id)));
