import { describe, it, expect } from 'vitest';
import { shown, charged } from './money.ts';

describe('checkout amounts in the shopper currency', () => {
  it('shows CNY as charged, and other currencies converted with the stored rate, signs kept', () => {
    const cny = { symbol: '¥', rate: '1', digits: 2, base: true };
    const usd = { symbol: 'US$', rate: '0.13800000', digits: 2, base: false };
    const jpy = { symbol: '¥', rate: '21.50000000', digits: 0, base: false };
    expect(shown(cny, '199.00')).toBe('¥199.00');
    expect(shown(usd, '199.00')).toBe('US$27.46');
    expect(shown(usd, '-10.00')).toBe('-US$1.38');
    expect(shown(jpy, '199.00')).toBe('¥4279');
    expect(charged('27.46')).toBe('¥27.46');
  });
});
