import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { rawQuery } from '../../../_input.ts';
import { listPresells } from '../../../../../server/services/promotion/list-presells.ts';

/** Presales `{count, list}` by state `?type=0|1|2` (not started, in progress, ended). */
export const GET = endpoint(async (ctx, { url }) => ok(await listPresells(ctx, rawQuery(url))));
