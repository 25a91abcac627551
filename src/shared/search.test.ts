import { describe, it, expect } from 'vitest';
import { searchUrl, searchAction } from './search.ts';

/** The path and the `title` the search page will read back from the URL. */
function target(u: string | null) {
  expect(u).not.toBeNull();
  const parsed = new URL(u as string, 'http://mall.test');
  return { path: parsed.pathname, title: parsed.searchParams.get('title'), keys: [...parsed.searchParams.keys()] };
}

describe('header search', () => {
  it('goes to /goods_search with the trimmed keyword as title', () => {
    expect(searchUrl('  手机  ', '/')).toBe(`/goods_search?title=${encodeURIComponent('手机')}`);
    expect(target(searchUrl('\t连衣裙\n', '/news_list'))).toEqual({ path: '/goods_search', title: '连衣裙', keys: ['title'] });
  });

  it('keeps inner spaces of the keyword', () => {
    expect(target(searchUrl('  red  shoes ', '/')).title).toBe('red  shoes');
  });

  it('stays on /goods_cate when the shopper is already there (with or without trailing slash)', () => {
    expect(target(searchUrl('零食', '/goods_cate'))).toEqual({ path: '/goods_cate', title: '零食', keys: ['title'] });
    expect(target(searchUrl('零食', '/goods_cate/'))).toEqual({ path: '/goods_cate', title: '零食', keys: ['title'] });
  });

  it('goes to /goods_search from every other page, including ones that merely start like goods_cate', () => {
    for (const from of ['/', '/goods_search', '/goods_list', '/goods_cate_more', '/user/order_list', '/goods_detail/1']) {
      expect(target(searchUrl('茶叶', from)).path).toBe('/goods_search');
    }
  });

  it.each(['', '   ', '\t\n', '\u3000'])('goes nowhere for an empty keyword (%j)', (kw) => {
    expect(searchUrl(kw, '/')).toBeNull();
    expect(searchUrl(kw, '/goods_cate')).toBeNull();
  });

  it.each(['笔记本电脑 16G', 'a&b=c', 'C#', '100%', 'a+b', 'x?y', '<script>alert(1)</script>', 'O\'Reilly "book"', '/../etc', '😀 emoji'])(
    'encodes %j so the search page reads back exactly the keyword',
    (kw) => {
      const u = searchUrl(kw, '/') as string;
      expect(target(u)).toEqual({ path: '/goods_search', title: kw, keys: ['title'] });
      // Nothing that would end the query or start markup is left raw.
      expect(u.slice(u.indexOf('?') + 1)).not.toMatch(/[&#<>"' ]|title=.*=/);
    },
  );

  it('gives the GET form the same target as the script search', () => {
    expect(searchAction('/')).toBe('/goods_search');
    expect(searchAction('/goods_search')).toBe('/goods_search');
    expect(searchAction('/goods_cate')).toBe('/goods_cate');
    expect(searchAction('/goods_cate/')).toBe('/goods_cate');
    expect(searchAction('/goods_cate_more')).toBe('/goods_search');
  });
});
