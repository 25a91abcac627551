import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listMarks } from '../../../server/services/user/list-marks.ts';

/** The shopper's favourites, follows and claimed coupons among those a shared page shows (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listMarks(ctx, rawQuery(url))));
