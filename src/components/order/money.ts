import { convertCents, formatMoney, parseYuan } from '../../shared/money.ts';

/** How an island shows the server's CNY amounts in the shopper's currency (display only; the charge is CNY). */
export interface ShownCurrency {
  symbol: string;
  /** Units of the currency per 1 CNY ('1' for CNY). */
  rate: string;
  digits: number;
  /** True when prices are shown as charged (CNY). */
  base: boolean;
}

/** A yuan string from the API in the shopper's currency: "¥199.00" or "US$27.46". */
export function shown(c: ShownCurrency, yuan: string): string {
  const cents = parseYuan(yuan.replace(/^-/, '')) ?? 0;
  const sign = yuan.startsWith('-') ? '-' : '';
  if (c.base) return `${sign}${formatMoney(yuan.replace(/^-/, ''), '¥')}`;
  return `${sign}${formatMoney(convertCents(cents, c.rate, c.digits), c.symbol)}`;
}

/** The charged CNY amount: "¥199.00". */
export const charged = (yuan: string) => formatMoney(yuan, '¥');
