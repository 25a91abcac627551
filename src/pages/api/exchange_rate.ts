import { endpoint, ok } from '../../server/http/envelope.ts';
import { rawQuery } from './_input.ts';
import { getExchangeRate } from '../../server/services/catalogue/get-exchange-rate.ts';

/**
 * `?currency=USD` → `{currency_code, rate, rate_date, symbol, digits}` (units per 1 CNY), so a client can
 * show CNY prices in the shopper's currency; unknown currency: 404. Display only, the charge stays CNY.
 */
export const GET = endpoint(async (ctx, { url }) => ok(await getExchangeRate(ctx, { currency: rawQuery(url).currency ?? '' })));
