import { describe, expect, it } from 'vitest';
import { cartTotals, showMoney, showSum, type MoneyView } from './cart-view.ts';

describe('cart sums in the shopper currency', () => {
  const usd: MoneyView = { symbol: '$', rate: '0.1406', digits: 2, base: false };
  const cny: MoneyView = { symbol: '¥', rate: '1', digits: 2, base: true };

  it('add up the lines as shown, where converting the CNY sum would be a cent off', () => {
    const lines = [298_900, 195_800];
    expect(lines.map((a) => showMoney(usd, a))).toEqual(['$420.25', '$275.29']);
    expect(showMoney(usd, 298_900 + 195_800)).toBe('$695.55');
    expect(showSum(usd, lines)).toBe('$695.54');
    expect(showSum(cny, lines)).toBe('¥4947.00');
    expect(showSum(usd, [])).toBe('$0.00');
  });

  it('total only the selected lines, each with its amount and saving', () => {
    const lines = [
      { cart_id: 1, price: 298_900, ot: 450_000 },
      { cart_id: 2, price: 97_900, ot: 97_900 },
      { cart_id: 3, price: 1_000, ot: 2_000 },
    ];
    const t = cartTotals(lines, { 1: 1, 2: 2, 3: 5 }, new Set([1, 2]));
    expect(t).toEqual({ pieces: 3, total: 494_700, saved: 151_100, amounts: [298_900, 195_800], savings: [151_100, 0] });
  });
});
