/** Ship-to preference (spec section 3): cookie `locale` = `COUNTRY|CURRENCY|SYMBOL`. */
export interface Locale {
  country: string;
  currency: string;
  symbol: string;
}

export const LOCALE_COOKIE = 'locale';
export const DEFAULT_LOCALE: Locale = Object.freeze({ country: 'CN', currency: 'CNY', symbol: '¥' });

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Reads the cookie value; anything malformed falls back to the default rather than failing the page. */
export function parseLocale(raw: string | null | undefined): Locale {
  if (!raw) return { ...DEFAULT_LOCALE };
  const parts = decode(raw).split('|');
  if (parts.length !== 3) return { ...DEFAULT_LOCALE };
  const [country = '', currency = '', symbol = ''] = parts.map((p) => p.trim());
  const valid =
    /^[A-Z]{2}$/.test(country) &&
    /^[A-Z]{3}$/.test(currency) &&
    symbol.length >= 1 &&
    symbol.length <= 8 &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check refuses
    !/[<>"'\\;,\u0000-\u001f\u007f]/.test(symbol) &&
    // No blank inside, but the no-break spaces some symbols are written with (XOF's "F\u202fCFA").
    !/\s/.test(symbol.replace(/[\u00a0\u202f]/g, ''));
  return valid ? { country, currency, symbol } : { ...DEFAULT_LOCALE };
}

export function formatLocale(l: Locale): string {
  return `${l.country}|${l.currency}|${l.symbol}`;
}

/** "USD $", "JPY JP¥"; a currency whose symbol is its code shows the code once ("SGD", not "SGD SGD"). */
export function currencyLabel(code: string, symbol: string): string {
  return symbol && symbol !== code ? `${code} ${symbol}` : code;
}
