import { describe, it, expect } from 'vitest';
import { TagIndex, tagsMatch, collectShown, shows, ALL } from './cache-tags.ts';

describe('tag index', () => {
  const index = () => {
    const i = new TagIndex();
    i.add('shop 3', ['merchant:3', 'product']);
    i.add('shop 4', ['merchant:4', 'product']);
    i.add('coupon centre', ['coupon', 'site']);
    i.add('product 9', ['product:9', 'coupon:7', 'merchant:3']);
    return i;
  };
  const dropped = (changed: string[]) => [...index().matching(changed)].sort();

  it('finds the pages showing a changed thing and no others', () => {
    expect(dropped(['merchant:3'])).toEqual(['product 9', 'shop 3']);
    expect(dropped(['merchant:5'])).toEqual([]);
    expect(dropped(['site'])).toEqual(['coupon centre']);
  });

  it('matches one thing to the lists of its kind, and a kind to every one of it', () => {
    expect(dropped(['coupon:7'])).toEqual(['coupon centre', 'product 9']);
    expect(dropped(['coupon:8'])).toEqual(['coupon centre']);
    expect(dropped(['product:2'])).toEqual(['shop 3', 'shop 4']);
    expect(dropped(['merchant'])).toEqual(['product 9', 'shop 3', 'shop 4']);
    expect(dropped([ALL])).toEqual(['coupon centre', 'product 9', 'shop 3', 'shop 4']);
    expect(dropped([])).toEqual([]);
  });

  it('forgets removed and replaced entries', () => {
    const i = index();
    i.delete('shop 3');
    i.add('shop 4', ['merchant:40']);
    expect([...i.matching(['merchant:3', 'merchant:4'])]).toEqual(['product 9']);
    expect([...i.matching(['merchant:40'])]).toEqual(['shop 4']);
  });

  it('drops an entry that shows everything on any change', () => {
    const i = new TagIndex();
    i.add('unknown', [ALL]);
    expect([...i.matching(['coupon:1'])]).toEqual(['unknown']);
    expect(tagsMatch(['product:1'], ['product'])).toBe(true);
    expect(tagsMatch(['product:1'], ['product:2'])).toBe(false);
  });
});

describe('collecting what a render shows', () => {
  it('collects across awaits of one render and keeps renders apart', async () => {
    const a = new Set<string>();
    const b = new Set<string>();
    const render = async (into: Set<string>, t: 'coupon:1' | 'coupon:2') =>
      collectShown(into, async () => {
        await new Promise((r) => setImmediate(r));
        shows(t, 'site');
      });
    await Promise.all([render(a, 'coupon:1'), render(b, 'coupon:2')]);
    expect([...a]).toEqual(['coupon:1', 'site']);
    expect([...b]).toEqual(['coupon:2', 'site']);
    shows('product');
    expect(a.has('product')).toBe(false);
  });
});
