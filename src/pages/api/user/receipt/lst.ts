import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listTitles } from '../../../../server/services/invoice/list-titles.ts';

/** The shopper's saved invoice titles as an array (at most 20), the default first; `?receipt_type&receipt_title_type` filter (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listTitles(ctx, rawQuery(url))));
