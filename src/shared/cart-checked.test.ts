import { describe, it, expect } from 'vitest';
import { readCartChecked, writeCartChecked } from './cart-checked.ts';

describe('cart_checked cookie', () => {
  it('selects every line without the cookie, and the saved ones plus lines added since with it', () => {
    expect(readCartChecked(undefined, [3, 5, 9])).toEqual([3, 5, 9]);
    const saved = writeCartChecked([5], [3, 5]);
    expect(saved).toBe('5|5');
    expect(readCartChecked(saved, [3, 5, 9])).toEqual([5, 9]);
    expect(readCartChecked(writeCartChecked([], [3, 5]), [3, 5])).toEqual([]);
    expect(readCartChecked('x,,7|', [3, 7])).toEqual([7]);
  });
});
