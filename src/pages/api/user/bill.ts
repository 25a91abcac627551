import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listBills } from '../../../server/services/wallet/list-bills.ts';

/** The shopper's balance ledger `{count, list}`, newest first: `?type=` (0 all, 1 expense, 2 income) `&page&limit` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listBills(ctx, rawQuery(url))));
