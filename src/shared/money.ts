/**
 * Mallfront's money convention (one rule for the whole app):
 *
 * - Inside the server and the database, money is an integer number of CNY cents (fen): `19900` is ¥199.00.
 *   Sums and comparisons stay exact; no float ever holds money.
 * - At the API / DTO edge, money is a decimal string in yuan with exactly two decimals: `"199.00"`, as the
 *   reference API shows it. Services convert with `toYuan` when they build a DTO and `parseYuan` when they
 *   read an amount typed or sent (`price_on`, `price_off`, a gateway's, an operator's), nowhere else; a third
 *   decimal there is refused. The one amount a client computes, a refund's (`refund_price`: unit price × quantity
 *   in float), is read with `roundYuan`: to the nearest cent, half up.
 * - CNY is the charged currency. Other currencies are display only: `convertCents` turns cents into an
 *   amount of another currency with a stored rate (units of that currency per 1 CNY, up to 8 decimals).
 *
 * Pure and isomorphic: the browser uses it too.
 */

export type Cents = number;

const YUAN_RE = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** 19900 → "199.00"; -5 → "-0.05". Throws on a non-integer (a bug, not shopper input). */
export function toYuan(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`money must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "199" / "199.5" / "199.50" / 199.5 → cents; anything else (negative, 3 decimals, text) → null. */
export function parseYuan(input: string | number): Cents | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const m = YUAN_RE.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const DECIMAL_RE = /^(\d{1,12})(?:\.(\d+))?$/;

/**
 * A shopper's amount in yuan as a client sends it, to cents rounded half up: a JS client that computes a unit price
 * times a quantity sends 53.300000000000004 or 158.99999999999997, a typed one "53.333". Any finite non-negative
 * number or plain decimal text (no sign, no exponent) is read by its decimal digits (a number by its shortest text,
 * the digits the client meant), never through float arithmetic; anything else → null. `parseYuan` stays exact for
 * every other amount: a gateway's must match to the cent, and a typed filter or operator amount with a third
 * decimal is a mistake to show, not to guess.
 */
export function roundYuan(input: string | number): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
    // Exponent notation: below 1e-6 (no cent) or from 1e21 (far past any amount).
    if (/e/i.test(text)) return input < 1 ? 0 : null;
  } else {
    text = input.trim();
  }
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  const cents = Number(m[1]) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  return frac.length > 2 && frac[2]! >= '5' ? cents + 1 : cents;
}

const RATE_SCALE_DIGITS = 8;
const RATE_RE = /^(\d{1,10})(?:\.(\d{1,8}))?$/;

/** "0.13812345" → 13812345n (rate × 10^8); null for anything that is not a plain positive decimal. */
export function parseRate(rate: string): bigint | null {
  const m = RATE_RE.exec(rate.trim());
  if (!m) return null;
  const scaled = BigInt(m[1]!) * 10n ** BigInt(RATE_SCALE_DIGITS) + BigInt((m[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0'));
  return scaled > 0n ? scaled : null;
}

/** Minor-unit digits of a currency (JPY 0, CNY 2, KWD 3), from the runtime's ICU data. */
export function currencyDigits(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Converts CNY cents into a decimal string of the target currency, rounded half away from zero to
 * `digits` decimals: `convertCents(19900, '0.13800000', 2)` → "27.46". Exact (BigInt), no float.
 */
export function convertCents(cents: Cents, rate: string, digits = 2): string {
  const scaled = parseRate(rate);
  if (scaled === null) throw new RangeError(`invalid exchange rate ${rate}`);
  if (!Number.isSafeInteger(cents)) throw new TypeError(`money must be integer cents, got ${cents}`);
  const product = BigInt(Math.abs(cents)) * scaled; // target major units × 10^(2 + 8)
  const drop = 10n ** BigInt(2 + RATE_SCALE_DIGITS - digits);
  const units = (product + drop / 2n) / drop; // target minor units (10^-digits)
  const text = units.toString().padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const frac = digits ? `.${text.slice(-digits)}` : '';
  return `${cents < 0 && units > 0n ? '-' : ''}${whole}${frac}`;
}

/** "¥199.00"; the symbol comes from the `locale` cookie (src/shared/locale.ts). */
export function formatMoney(amount: string, symbol = '¥'): string {
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

const symbolOf = (code: string, locale: string, display: 'symbol' | 'narrowSymbol'): string => {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
};

let narrowOwners: Map<string, string> | null = null;

/** Narrow symbol → the one currency allowed to show it (built once from the runtime's ICU currency list). */
function owners(): Map<string, string> {
  if (narrowOwners) return narrowOwners;
  const byNarrow = new Map<string, string[]>();
  for (const code of Intl.supportedValuesOf('currency')) {
    const narrow = symbolOf(code, 'zh-CN', 'narrowSymbol');
    byNarrow.set(narrow, [...(byNarrow.get(narrow) ?? []), code]);
  }
  narrowOwners = new Map();
  for (const [narrow, codes] of byNarrow) {
    const owner =
      codes.length === 1
        ? codes[0]
        : (codes.find((c) => symbolOf(c, 'zh-CN', 'symbol') === narrow) ?? codes.find((c) => symbolOf(c, 'en', 'symbol') === narrow));
    if (owner) narrowOwners.set(owner, narrow);
  }
  return narrowOwners;
}

/**
 * The symbol a shopper expects for a currency: its narrow symbol ($, ¥, ₽, ฿) where that is unambiguous among all
 * currencies, else ICU's Chinese symbol (HK$, JP¥, or the code itself: SGD). A narrow symbol several currencies
 * share goes to the one already written so in Chinese (¥ is CNY, not JPY) or in English ($ is USD); the others
 * keep their distinct symbols, so no two currencies a shopper can pick look alike.
 */
export function currencySymbol(code: string): string {
  return owners().get(code) ?? symbolOf(code, 'zh-CN', 'symbol');
}
