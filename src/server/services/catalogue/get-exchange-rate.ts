import { eq } from 'drizzle-orm';
import { currency, exchangeRate } from '../../db/schema/index.ts';
import { z } from 'zod';
import { currencyDigits } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

export interface RateDto {
  currency_code: string;
  /** Units of the currency per 1 CNY, as stored (decimal string, 8 places). */
  rate: string;
  rate_date: string;
  symbol: string;
  /** Minor-unit digits of the currency (JPY 0). */
  digits: number;
}

export const currencyCode = z
  .string({ error: '币种格式不正确' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, '币种格式不正确');

/** All stored rates by currency (cached: rates change daily at most, a minute of staleness is harmless). */
export function loadRates(ctx: Pick<ServiceContext, 'db'>): Promise<Map<string, RateDto>> {
  return cached(ctx.db, CACHE_KEYS.rates, async () => {
    const rows = await ctx.db
      .select({ code: exchangeRate.currencyCode, rate: exchangeRate.rate, date: exchangeRate.rateDate, symbol: currency.symbol })
      .from(exchangeRate)
      .leftJoin(currency, eq(currency.code, exchangeRate.currencyCode));
    return new Map(
      rows.map((r) => [
        r.code,
        { currency_code: r.code, rate: r.rate, rate_date: r.date, symbol: r.symbol ?? r.code, digits: currencyDigits(r.code) },
      ]),
    );
  });
}

/** The stored rate of a currency (from the `locale` cookie), or 404 when the mall has none for it. */
export async function getExchangeRate(ctx: Pick<ServiceContext, 'db'>, input: { currency: string }): Promise<RateDto> {
  const { currency: code } = parseInput(z.object({ currency: currencyCode }), input);
  const rate = (await loadRates(ctx)).get(code);
  if (!rate) throw notFound('暂不支持该币种');
  return rate;
}
