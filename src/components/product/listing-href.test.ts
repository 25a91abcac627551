import { describe, it, expect } from 'vitest';
import { listingHref, toggled, toggledParam, isFiltered, type ListingState } from './listing-href.ts';
import { chipsOf, clearedHref } from './chips.ts';

const base: ListingState = { title: '手机', brand_id: [], mer_type_id: [], filter_params: {}, order: '', page: 3 };

describe('listing links', () => {
  it('writes a stable URL without defaults and goes back to page 1 on any change', () => {
    const href = listingHref('/goods_search', { ...base, brand_id: [3, 1], filter_params: { '9': ['b', 'a'], '2': ['x'] } });
    expect(href({ page: 3 })).toBe(
      '/goods_search?title=%E6%89%8B%E6%9C%BA&brand_id=1%2C3&filter_params=%7B%222%22%3A%5B%22x%22%5D%2C%229%22%3A%5B%22a%22%2C%22b%22%5D%7D&page=3',
    );
    expect(href({ order: 'sales', brand_id: [], filter_params: {} })).toBe('/goods_search?title=%E6%89%8B%E6%9C%BA&order=sales');
    expect(listingHref('/goods_cate', { ...base, title: '' })()).toBe('/goods_cate');
  });

  it('keeps the fixed identity of the page first', () => {
    const href = listingHref('/goods_coupon', { ...base, title: '', price_on: '10', price_off: '99.5', limit: 30 }, { id: 4 });
    expect(href({ page: 2 })).toBe('/goods_coupon?id=4&price_on=10&price_off=99.5&limit=30&page=2');
  });

  it('switches options on and off', () => {
    expect(toggled([1, 2], 2)).toEqual([1]);
    expect(toggled([1], 2)).toEqual([1, 2]);
    expect(toggledParam({ '5': ['a'] }, 5, 'a')).toEqual({});
    expect(toggledParam({ '5': ['a'] }, 6, 'b')).toEqual({ '5': ['a'], '6': ['b'] });
    expect(isFiltered(base)).toBe(false);
    expect(isFiltered({ ...base, price_off: '9' })).toBe(true);
  });

  it('turns the chosen filters into chips that each remove one', () => {
    const s = { ...base, brand_id: [7], filter_params: { '2': ['纯棉'] }, price_on: '100' };
    const href = listingHref('/goods_cate', s);
    const chips = chipsOf(
      s,
      href,
      { brands: [{ brand_id: 7, brand_name: '织梦' }], types: [], params: [{ parameter_id: 2, name: '材质' }] },
      true,
    );
    expect(chips.map((c) => c.label)).toEqual(['关键词：手机', '品牌：织梦', '材质：纯棉', '价格：¥100 以上']);
    expect(chips[1]!.href).not.toContain('brand_id');
    expect(chips[1]!.href).toContain('price_on=100');
    expect(clearedHref(href)).toBe('/goods_cate?title=%E6%89%8B%E6%9C%BA');
  });
});
