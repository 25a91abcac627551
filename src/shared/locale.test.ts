import { describe, it, expect } from 'vitest';
import { parseLocale, formatLocale, DEFAULT_LOCALE, LOCALE_COOKIE, currencyLabel, type Locale } from './locale.ts';

const cn: Locale = { country: 'CN', currency: 'CNY', symbol: '¥' };

describe('locale cookie', () => {
  it('is the cookie named locale and defaults to CN|CNY|¥ (spec sections 3 and 9)', () => {
    expect(LOCALE_COOKIE).toBe('locale');
    expect(DEFAULT_LOCALE).toEqual(cn);
    expect(formatLocale(DEFAULT_LOCALE)).toBe('CN|CNY|¥');
  });

  it.each([undefined, null, ''])('falls back to the default when the cookie is missing (%s)', (raw) => {
    expect(parseLocale(raw)).toEqual(cn);
  });

  it('reads a plain country|currency|symbol value', () => {
    expect(parseLocale('US|USD|$')).toEqual({ country: 'US', currency: 'USD', symbol: '$' });
    expect(parseLocale('HK|HKD|HK$')).toEqual({ country: 'HK', currency: 'HKD', symbol: 'HK$' });
    expect(parseLocale('GB|GBP|£')).toEqual({ country: 'GB', currency: 'GBP', symbol: '£' });
  });

  it('reads URL-encoded values as browsers store them', () => {
    expect(parseLocale('US%7CUSD%7C%24')).toEqual({ country: 'US', currency: 'USD', symbol: '$' });
    expect(parseLocale(encodeURIComponent('JP|JPY|JP¥'))).toEqual({ country: 'JP', currency: 'JPY', symbol: 'JP¥' });
    expect(parseLocale('CN%7CCNY%7C%C2%A5')).toEqual(cn);
  });

  it("reads a value a script wrote unencoded, whose UTF-8 bytes the server's header parser gives one character each", () => {
    const asHeader = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));
    expect(parseLocale(asHeader('KR|KRW|₩'))).toEqual({ country: 'KR', currency: 'KRW', symbol: '₩' });
    expect(parseLocale(asHeader('CN|CNY|¥'))).toEqual(cn);
    expect(parseLocale(asHeader('JP|JPY|JP¥'))).toEqual({ country: 'JP', currency: 'JPY', symbol: 'JP¥' });
  });

  it('ignores blanks around the parts', () => {
    expect(parseLocale(' SG | SGD | S$ ')).toEqual({ country: 'SG', currency: 'SGD', symbol: 'S$' });
  });

  it('round-trips through formatLocale, raw and encoded', () => {
    for (const l of [cn, { country: 'MO', currency: 'MOP', symbol: 'MOP$' }, { country: 'EU', currency: 'EUR', symbol: '€' }]) {
      expect(parseLocale(formatLocale(l))).toEqual(l);
      expect(parseLocale(encodeURIComponent(formatLocale(l)))).toEqual(l);
    }
  });

  it.each([
    ['too few parts', 'US|USD'],
    ['too many parts', 'US|USD|$|x'],
    ['no separators', 'USUSD$'],
    ['lower-case codes', 'us|usd|$'],
    ['three-letter country', 'USA|USD|$'],
    ['two-letter currency', 'US|US|$'],
    ['digits in the code', 'U1|USD|$'],
    ['empty symbol', 'US|USD|'],
    ['symbol longer than 8', 'US|USD|123456789'],
    ['markup in the symbol', 'US|USD|<script>'],
    ['quote in the symbol', 'US|USD|"'],
    ['single quote in the symbol', "US|USD|$'"],
    ['backslash in the symbol', 'US|USD|\\'],
    ['cookie attribute injection', 'US|USD|$;path=/'],
    ['comma in the symbol', 'US|USD|$,'],
    ['space inside the symbol', 'US|USD|$ $'],
    ['encoded markup', encodeURIComponent('US|USD|<b>')],
    ['broken percent-encoding', '%E0%A4%A'],
    ['a line break (cookie header splitting)', 'US|USD|%0A'],
    ['a tab inside the symbol', 'US|USD|$%09$'],
    ['only separators', '||'],
  ])('falls back to the default for a malformed or hostile value: %s', (_name, raw) => {
    expect(parseLocale(raw)).toEqual(cn);
  });

  it('hands out a fresh default each time, so a caller cannot change it for others', () => {
    const a = parseLocale(null);
    a.country = 'US';
    expect(parseLocale(null)).toEqual(cn);
    expect(parseLocale('bad')).toEqual(cn);
  });
});

describe('locale cookie with control characters', () => {
  it('falls back to the default when the symbol holds a control character', () => {
    for (const raw of ['US|USD|%00', 'US|USD|%07', 'US|USD|%7F']) expect(parseLocale(raw)).toEqual(DEFAULT_LOCALE);
  });
});

describe('currencyLabel', () => {
  it('shows code and symbol, or the code once when the symbol is the code', () => {
    expect(currencyLabel('USD', '$')).toBe('USD $');
    expect(currencyLabel('SGD', 'SGD')).toBe('SGD');
    expect(currencyLabel('CHF', '')).toBe('CHF');
  });
});
