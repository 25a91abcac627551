import { describe, it, expect } from 'vitest';
import { itemListLd } from './item-list-ld.ts';

describe('itemListLd', () => {
  it('describes a list as a schema.org ItemList with absolute URLs', () => {
    const ld = itemListLd('https://mall.example', '店铺', [{ name: 'A', href: '/store?id=1', image: '/media/a.svg' }]);
    expect(ld).toMatchObject({ '@type': 'ItemList', numberOfItems: 1 });
    expect(ld.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'A',
      url: 'https://mall.example/store?id=1',
      image: 'https://mall.example/media/a.svg',
    });
  });

  it('counts positions on from earlier pages and leaves out a missing image', () => {
    const ld = itemListLd('https://mall.example', '商品', [{ name: 'B', href: '/goods_detail/2' }], 20);
    expect(ld.itemListElement).toEqual([{ '@type': 'ListItem', position: 21, name: 'B', url: 'https://mall.example/goods_detail/2' }]);
  });
});
