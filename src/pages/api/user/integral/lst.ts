import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listIntegral } from '../../../../server/services/wallet/list-integral.ts';

/** The shopper's points ledger `{count, list}`, newest first: `?page&limit` (login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listIntegral(ctx, rawQuery(url))));
