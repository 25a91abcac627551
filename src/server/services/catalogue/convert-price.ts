import { z } from 'zod';
import { numberInput } from '../../../shared/schemas/common.ts';
import { convertCents, toYuan } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { getExchangeRate, currencyCode } from './get-exchange-rate.ts';

const convertInput = z.object({
  cents: z.preprocess(
    numberInput,
    z.coerce
      .number({ error: '金额格式不正确' })
      .int('金额格式不正确')
      .min(0, '金额格式不正确')
      .max(Number.MAX_SAFE_INTEGER, '金额格式不正确'),
  ),
  currency: currencyCode,
});

export interface ConvertedPrice {
  currency: string;
  symbol: string;
  /** Decimal string in the currency's minor units ("27.98", JPY "4348"). */
  amount: string;
  rate: string;
  rate_date: string;
  /** The price actually charged, CNY yuan. */
  base_price: string;
}

/**
 * A CNY price (integer cents) shown in another currency with the stored rate and its date. Display only:
 * the charged price stays CNY. Pages converting many prices should take the rate once (getExchangeRate)
 * and call `convertCents` from src/shared/money.ts per price.
 */
export async function convertPrice(
  ctx: Pick<ServiceContext, 'db'>,
  input: { cents: number | string; currency: string },
): Promise<ConvertedPrice> {
  const q = parseInput(convertInput, input);
  const r = await getExchangeRate(ctx, { currency: q.currency });
  return {
    currency: r.currency_code,
    symbol: r.symbol,
    amount: convertCents(q.cents, r.rate, r.digits),
    rate: r.rate,
    rate_date: r.rate_date,
    base_price: toYuan(q.cents),
  };
}
