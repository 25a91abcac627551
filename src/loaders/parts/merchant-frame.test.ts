import { describe, it, expect } from 'vitest';
import { categoryName } from './merchant-frame.ts';

describe('merchant page helpers', () => {
  it('names a category of either level and nothing for an unknown one', () => {
    const tree = [
      {
        store_category_id: 1,
        pid: 0,
        cate_name: '手机通讯',
        children: [{ store_category_id: 2, pid: 1, cate_name: '手机', children: [] }],
      },
    ];
    expect(categoryName(tree, 1)).toBe('手机通讯');
    expect(categoryName(tree, 2)).toBe('手机');
    expect(categoryName(tree, 9)).toBeNull();
    expect(categoryName(tree, undefined)).toBeNull();
  });
});
