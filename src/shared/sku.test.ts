import { describe, it, expect } from 'vitest';
import { resolveSku, defaultSelection, disabledValues, quantityBounds, clampQuantity, skuKey, type SkuAttr } from './sku.ts';

const attr: SkuAttr[] = [
  { attr_name: '颜色', attr_values: ['红色', '蓝色'] },
  { attr_name: '尺码', attr_values: ['M', 'XL'] },
];
const skus = {
  '红色,M': { stock: 0, unique: 'a' },
  '红色,XL': { stock: 0, unique: 'b' },
  '蓝色,M': { stock: 5, unique: 'c' },
  // 蓝色,XL does not exist
};

describe('SKU model (reference 4d)', () => {
  it('joins the selected values in attr order', () => {
    expect(skuKey(['红色', 'XL'])).toBe('红色,XL');
    expect(skuKey([])).toBe('');
  });

  it('resolves a full selection to its SKU, and anything else to null', () => {
    expect(resolveSku(attr, skus, ['蓝色', 'M'])?.unique).toBe('c');
    expect(resolveSku(attr, skus, ['蓝色', 'XL'])).toBeNull();
    expect(resolveSku(attr, skus, ['蓝色'])).toBeNull();
    expect(resolveSku(attr, skus, ['绿色', 'M'])).toBeNull();
    expect(resolveSku([], { '': { stock: 1 } }, [])).toEqual({ stock: 1 });
  });

  it('defaults to the first combination with stock, else the first values', () => {
    expect(defaultSelection(attr, skus)).toEqual(['蓝色', 'M']);
    expect(defaultSelection(attr, { '红色,M': { stock: 0 } })).toEqual(['红色', 'M']);
    expect(defaultSelection([], { '': { stock: 3 } })).toEqual([]);
  });

  it('disables values whose every SKU is out of stock', () => {
    expect(disabledValues(attr, skus)).toEqual([['红色'], ['XL']]);
  });

  it('with a selection, disables values whose combination is missing or sold out', () => {
    expect(disabledValues(attr, skus, ['蓝色', 'M'])).toEqual([['红色'], ['XL']]);
    expect(disabledValues(attr, { ...skus, '红色,M': { stock: 2, unique: 'a' } }, ['红色', 'M'])).toEqual([[], ['XL']]);
  });

  it('clamps quantities to [max(1, min), min(stock, max)]', () => {
    expect(quantityBounds({ stock: 10 })).toEqual({ min: 1, max: 10, canBuy: true });
    expect(quantityBounds({ stock: 10, once_min_count: 2, once_max_count: 5 })).toEqual({ min: 2, max: 5, canBuy: true });
    expect(quantityBounds({ stock: 1, once_min_count: 2 })).toMatchObject({ canBuy: false });
    expect(clampQuantity(99, { stock: 3 })).toBe(3);
    expect(clampQuantity(0, { stock: 3, once_min_count: 2 })).toBe(2);
    expect(clampQuantity(4, { stock: 30, once_max_count: 2 })).toBe(2);
    expect(clampQuantity(2.7, { stock: 30 })).toBe(2);
    expect(clampQuantity(Number.NaN, { stock: 30, once_min_count: 3 })).toBe(3);
    expect(clampQuantity(1, { stock: 0 })).toBe(0);
  });
});
