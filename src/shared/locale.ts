/** Ship-to preference (spec section 3): cookie `locale` = `COUNTRY|CURRENCY|SYMBOL`. */
export interface Locale {
  country: string;
  currency: string;
  symbol: string;
}

export const LOCALE_COOKIE = 'locale';
export const DEFAULT_LOCALE: Locale = Object.freeze({ country: 'CN', currency: 'CNY', symbol: '¥' });

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The value as it was written: percent-encoded (js-cookie), or raw from a script (`document.cookie = 'locale=KR|KRW|₩'`),
 * whose UTF-8 bytes the server's header parser hands over one character per byte (₩ arrives as `â\u0082©`). Characters
 * that are not valid UTF-8 as bytes (a lone `¥` already decoded) stay as they are.
 */
function decode(raw: string): string {
  let text = raw;
  if (/[\u0080-\u00ff]/.test(text) && !/[\u0100-\uffff]/.test(text)) {
    try {
      text = utf8.decode(Uint8Array.from(text, (c) => c.charCodeAt(0)));
    } catch {
      /* not UTF-8 bytes */
    }
  }
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
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
