import { describe, it, expect } from 'vitest';
import { maxRefundOf } from './refundable-items.ts';

describe('maxRefundOf', () => {
  it('gives back exactly what a line was paid when its units are refunded in any number of requests', () => {
    const line = { productNum: 3, payPrice: 1000, postagePrice: 101 };
    const left = (refundNum: number) => ({ ...line, refundNum });
    const one = [maxRefundOf(left(3), 1, true), maxRefundOf(left(2), 1, true), maxRefundOf(left(1), 1, true)];
    expect(one.reduce((a, m) => a + m.goods + m.postage, 0)).toBe(1000);
    expect(one.map((m) => m.goods + m.postage)).toEqual([334, 332, 334]);
    const split = [maxRefundOf(left(3), 2, true), maxRefundOf(left(1), 1, true)];
    expect(split.reduce((a, m) => a + m.goods + m.postage, 0)).toBe(1000);
    expect(maxRefundOf(left(3), 3, true)).toEqual({ goods: 899, postage: 101 });
  });

  it('keeps postage once the order is shipped', () => {
    expect(maxRefundOf({ productNum: 2, refundNum: 2, payPrice: 1101, postagePrice: 101 }, 2, false)).toEqual({ goods: 1000, postage: 0 });
    expect(maxRefundOf({ productNum: 2, refundNum: 2, payPrice: 1101, postagePrice: 101 }, 1, false)).toEqual({ goods: 500, postage: 0 });
  });
});
