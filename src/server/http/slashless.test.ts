import { describe, it, expect } from 'vitest';
import { slashlessPage } from './slashless.ts';

const at = (path: string, method = 'GET') => slashlessPage(method, new URL(`http://mall.test${path}`));

describe('slashlessPage: pages have one address, without a trailing slash', () => {
  it('moves a page with trailing slashes to its address without them, keeping the query', () => {
    expect(at('/goods_detail/12/')).toBe('/goods_detail/12');
    expect(at('/news_list/?cid=2&page=3')).toBe('/news_list?cid=2&page=3');
    expect(at('/store/category//', 'HEAD')).toBe('/store/category');
  });

  it('leaves the home page, addresses without a slash, the API and writes alone', () => {
    expect(at('/')).toBeNull();
    expect(at('/goods_detail/12')).toBeNull();
    expect(at('/api/user/')).toBeNull();
    expect(at('/goods_detail/12/', 'POST')).toBeNull();
  });

  it('never leads off the site, whatever the slashes', () => {
    expect(at('//evil.example/')).toBe('/evil.example');
    expect(at('///evil.example//x/')).toBe('/evil.example//x');
    expect(at('////')).toBe('/');
  });
});
