import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { merchantFinance } from '../../../../server/services/merchant-api/finance.ts';
import { rawQuery } from '../../_input.ts';

/** The shop's statement `?start_date&end_date` (YYYY-MM-DD): what its orders brought and its refunds gave back, per day and in total. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await merchantFinance(ctx, rawQuery(url))));
