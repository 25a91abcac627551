import { describe, it, expect } from 'vitest';
import { ServiceError } from '../../server/services/errors.ts';
import { attempt, categoryName, itemListLd, shopUrl, storeCategoryUrl } from './merchant-frame.ts';

describe('shop page helpers', () => {
  it('builds shop URLs with the id in the query and without empty values or page 1', () => {
    expect(shopUrl('store', { id: 5 })).toBe('/store?id=5');
    expect(shopUrl('qualifications', { id: 3, storeName: '甲 乙' })).toBe('/qualifications?id=3&storeName=%E7%94%B2+%E4%B9%99');
    expect(storeCategoryUrl({ id: 5, cate_id: 7, keyword: '', order: undefined, page: 1 })).toBe('/store/category?id=5&cate_id=7');
    expect(storeCategoryUrl({ id: 5, keyword: '耳机', order: 'price_asc', price_on: '10', page: 3 })).toBe(
      '/store/category?id=5&keyword=%E8%80%B3%E6%9C%BA&order=price_asc&price_on=10&page=3',
    );
  });

  it('names a category of either level and nothing for an unknown one', () => {
    const tree = [{ store_category_id: 1, pid: 0, cate_name: '手机通讯', children: [{ store_category_id: 2, pid: 1, cate_name: '手机', children: [] }] }];
    expect(categoryName(tree, 1)).toBe('手机通讯');
    expect(categoryName(tree, 2)).toBe('手机');
    expect(categoryName(tree, 9)).toBeNull();
    expect(categoryName(tree, undefined)).toBeNull();
  });

  it('turns service refusals into 404 / 400 failures and lets real errors through', async () => {
    expect(await attempt(async () => 1)).toEqual({ data: 1, failure: null });
    expect(await attempt(() => Promise.reject(new ServiceError(404, '店铺不存在或已关闭')))).toEqual({ data: null, failure: { status: 404, message: '店铺不存在或已关闭' } });
    expect((await attempt(() => Promise.reject(new ServiceError(429, '请求过于频繁')))).failure).toEqual({ status: 400, message: '请求过于频繁' });
    await expect(attempt(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('describes a list as a schema.org ItemList with absolute URLs', () => {
    const ld = itemListLd('https://mall.example', '店铺', [{ name: 'A', href: '/store?id=1', image: '/media/a.svg' }]);
    expect(ld).toMatchObject({ '@type': 'ItemList', numberOfItems: 1 });
    expect(ld.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'A', url: 'https://mall.example/store?id=1', image: 'https://mall.example/media/a.svg' });
  });
});
