import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listRefunds } from '../../../server/services/refund/list-refunds.ts';

/** The shopper's refund requests `{count, list}`, newest first: `?type=` (0 all, 1 in progress, 2 processed) `&page&limit` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listRefunds(ctx, rawQuery(url))));
