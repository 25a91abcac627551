import { parseYuan, convertCents, formatMoney, toYuan } from '../../shared/money.ts';
import type { Locale } from '../../shared/locale.ts';
import type { ServiceContext } from '../services/context.ts';
import { loadRates } from '../services/catalogue/get-exchange-rate.ts';

/**
 * How a page shows prices: in the currency of the `locale` cookie with the stored rate (display only),
 * the charged price staying CNY. A currency without a stored rate falls back to CNY.
 */
export interface Pricing {
  currency: string;
  symbol: string;
  /** True when prices are shown as charged (CNY). */
  base: boolean;
  /** Units of `currency` per 1 CNY and the day the rate was stored ('' for CNY). */
  rate: string;
  rateDate: string;
  /** A yuan string ("199.00") or integer cents, shown in the shopper's currency: "US$27.46". */
  show(price: string | number): string;
  /** The bare converted amount without symbol ("27.46"), for JSON-LD or data attributes. */
  amount(price: string | number): string;
  /** The charged CNY price: "¥199.00". */
  charged(price: string | number): string;
}

/** A shown price's tooltip: the charged CNY price when prices show in another currency. */
export const priceTitle = (pricing: Pricing, price: string | number): string | undefined =>
  pricing.base ? undefined : `实付 ${pricing.charged(price)}`;

const toCents = (price: string | number): number => (typeof price === 'number' ? price : (parseYuan(price) ?? 0));

function cnyPricing(): Pricing {
  return {
    currency: 'CNY',
    symbol: '¥',
    base: true,
    rate: '1',
    rateDate: '',
    amount: (p) => toYuan(toCents(p)),
    show: (p) => formatMoney(toYuan(toCents(p)), '¥'),
    charged: (p) => formatMoney(toYuan(toCents(p)), '¥'),
  };
}

export async function loadPricing(ctx: Pick<ServiceContext, 'db'>, locale: Locale): Promise<Pricing> {
  if (locale.currency === 'CNY') return cnyPricing();
  const rate = (await loadRates(ctx)).get(locale.currency);
  if (!rate) return cnyPricing();
  const amount = (p: string | number) => convertCents(toCents(p), rate.rate, rate.digits);
  return {
    currency: rate.currency_code,
    symbol: locale.symbol,
    base: false,
    rate: rate.rate,
    rateDate: rate.rate_date,
    amount,
    show: (p) => formatMoney(amount(p), locale.symbol),
    charged: (p) => formatMoney(toYuan(toCents(p)), '¥'),
  };
}

const memo = new WeakMap<object, Promise<Pricing>>();

/** The request's pricing, loaded once per request (memoised on `Astro.locals`). */
export function pricingOf(locals: App.Locals): Promise<Pricing> {
  let p = memo.get(locals);
  if (!p) {
    p = loadPricing({ db: locals.db }, locals.locale);
    memo.set(locals, p);
  }
  return p;
}
