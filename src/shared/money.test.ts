import { describe, it, expect } from 'vitest';
import { toYuan, parseYuan, roundYuan, convertCents, currencyDigits, formatMoney, parseRate, currencySymbol } from './money.ts';

describe('money convention', () => {
  it('shows integer cents as yuan strings with two decimals', () => {
    expect(toYuan(19900)).toBe('199.00');
    expect(toYuan(5)).toBe('0.05');
    expect(toYuan(0)).toBe('0.00');
    expect(toYuan(-1250)).toBe('-12.50');
    expect(() => toYuan(1.5)).toThrow();
  });

  it('reads shopper yuan input without floats and refuses anything odd', () => {
    expect(parseYuan('199')).toBe(19900);
    expect(parseYuan('199.5')).toBe(19950);
    expect(parseYuan(' 0.07 ')).toBe(7);
    expect(parseYuan(12.34)).toBe(1234);
    for (const bad of ['-1', '1.234', 'abc', '', '1e5', '١٢']) expect(parseYuan(bad)).toBeNull();
    expect(parseYuan(Number.NaN)).toBeNull();
  });

  it("rounds a shopper's amount to the cent, half up, by its decimal digits (a client's float product or a typed third decimal)", () => {
    expect(roundYuan(53.300000000000004)).toBe(5330);
    expect(roundYuan(158.99999999999997)).toBe(15900);
    expect(roundYuan(17.77 * 3)).toBe(5331);
    expect(roundYuan('53.333')).toBe(5333);
    expect(roundYuan('53.335')).toBe(5334);
    expect(roundYuan('0.005')).toBe(1);
    expect(roundYuan('0.0049')).toBe(0);
    expect(roundYuan(1.005)).toBe(101);
    expect(roundYuan(' 199.5 ')).toBe(19950);
    expect(roundYuan(99)).toBe(9900);
    expect(roundYuan(1e-7)).toBe(0);
    expect(roundYuan(0)).toBe(0);
    for (const bad of ['-1', '-0.5', 'abc', '', '1e3', '1.', '.5', '١٢', '1,5'] as const) expect(roundYuan(bad), bad).toBeNull();
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) expect(roundYuan(bad), String(bad)).toBeNull();
  });

  it('converts cents with a stored rate, rounding half up to the currency digits', () => {
    expect(convertCents(19900, '0.14060000', 2)).toBe('27.98');
    expect(convertCents(19900, '21.85', 0)).toBe('4348');
    expect(convertCents(100, '0.125', 2)).toBe('0.13');
    expect(convertCents(1, '1', 3)).toBe('0.010');
    expect(convertCents(0, '7.1', 2)).toBe('0.00');
    expect(() => convertCents(100, '-1', 2)).toThrow();
    expect(parseRate('0')).toBeNull();
  });

  it('knows the minor digits of currencies and formats with a symbol', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(formatMoney('27.98', 'US$')).toBe('US$27.98');
    expect(formatMoney('-1.00')).toBe('-¥1.00');
  });
});

describe('currencySymbol', () => {
  it('gives the narrow symbol where shoppers expect it', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol('RUB')).toBe('₽');
    expect(currencySymbol('EUR')).toBe('€');
  });

  it('keeps a distinct symbol for currencies that share a narrow one', () => {
    expect(currencySymbol('JPY')).toBe('JP¥');
    expect(currencySymbol('HKD')).toBe('HK$');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('SGD')).toBe('SGD');
  });

  it('never gives two currencies the same symbol', () => {
    const symbols = Intl.supportedValuesOf('currency').map(currencySymbol);
    expect(new Set(symbols).size).toBe(symbols.length);
  });
});
