import { ok } from '../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { listFrames } from '../../../../server/services/promotion/manage-frames.ts';
import { rawQuery } from '../../_input.ts';

/** The activity frames of product cards `{count, list}` (`?state` 0 not started, 1 showing, -1 ended, -2 off `&page&limit`), newest first. */
export const GET = operatorEndpoint(async (ctx, { url }) => ok(await listFrames(ctx, rawQuery(url))));
