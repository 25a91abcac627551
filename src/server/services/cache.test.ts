import { describe, it, expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { cached, invalidate, invalidateCatalogue, onChange, changeSequence, changedSince, CACHE_KEYS } from './cache.ts';
import { collectShown, shows } from './cache-tags.ts';

const fakeDb = () => ({}) as unknown as Db;

describe('catalogue read cache', () => {
  it('loads once for concurrent readers and serves the cached value', async () => {
    const db = fakeDb();
    let loads = 0;
    const load = async () => ++loads;
    const values = await Promise.all(Array.from({ length: 20 }, () => cached(db, 'k', load)));
    expect(values.every((v) => v === 1)).toBe(true);
    expect(await cached(db, 'k', load)).toBe(1);
  });

  it('reloads after invalidation by prefix, and keeps other keys', async () => {
    const db = fakeDb();
    let n = 0;
    await cached(db, 'hot:best', async () => ++n);
    await cached(db, 'rates', async () => 'r');
    invalidateCatalogue(db, 'hot:');
    expect(await cached(db, 'hot:best', async () => ++n)).toBe(2);
    expect(await cached(db, 'rates', async () => 'other')).toBe('r');
  });

  it('expires after its TTL and never caches a failure', async () => {
    const db = fakeDb();
    await expect(cached(db, 'x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cached(db, 'x', async () => 'ok')).toBe('ok');
    await cached(db, 'short', async () => 1, -1);
    expect(await cached(db, 'short', async () => 2)).toBe(2);
  });

  it('runs a lazy query (a thenable that runs on every await, like a Drizzle query) only once', async () => {
    const db = fakeDb();
    let runs = 0;
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what is under test
    const query = { then: (ok: (v: string) => unknown) => ok(`run ${++runs}`) };
    for (let i = 0; i < 3; i++) expect(await cached(db, 'q', () => query as unknown as PromiseLike<string>)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('drops an entry when a write names what it shows, and keeps it for other writes', async () => {
    const db = fakeDb();
    let n = 0;
    await cached(db, CACHE_KEYS.categories, async () => ++n);
    invalidate(db, ['coupon:7']);
    expect(await cached(db, CACHE_KEYS.categories, async () => ++n)).toBe(1);
    invalidate(db, ['category']);
    expect(await cached(db, CACHE_KEYS.categories, async () => ++n)).toBe(2);
  });

  it('tags an entry with what its load showed, and gives those tags to every later reader', async () => {
    const db = fakeDb();
    const load = async () => {
      shows('merchant:3');
      return 'cards';
    };
    await cached(db, `${CACHE_KEYS.hot}best`, load);
    const page = new Set<string>();
    await collectShown(page, () => cached(db, `${CACHE_KEYS.hot}best`, load));
    expect([...page].sort()).toEqual(['merchant:3', 'product']);
    invalidate(db, ['merchant:4']);
    expect(await cached(db, `${CACHE_KEYS.hot}best`, async () => 'new')).toBe('cards');
    invalidate(db, ['merchant:3']);
    expect(await cached(db, `${CACHE_KEYS.hot}best`, async () => 'new')).toBe('new');
  });

  it('lets a reader show only its part of an entry', async () => {
    const db = fakeDb();
    const page = new Set<string>();
    await collectShown(page, () => cached(db, CACHE_KEYS.merchants, async () => 'all shops', 1000, { shows: ['merchant:5'] }));
    expect([...page]).toEqual(['merchant:5']);
  });

  it('does not keep a load that overlapped a change to what it read', async () => {
    const db = fakeDb();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // The load shows shop 3's brief, then the shop is renamed before it finishes.
    const first = cached(db, `${CACHE_KEYS.hot}best`, async () => {
      shows('merchant:3');
      await gate;
      return 'old name';
    });
    invalidate(db, ['merchant:3']);
    release();
    expect(await first).toBe('old name');
    expect(await cached(db, `${CACHE_KEYS.hot}best`, async () => 'new name')).toBe('new name');
  });

  it('tells listeners each change and remembers recent ones for renders in flight', () => {
    const db = fakeDb();
    const heard: (readonly string[])[] = [];
    onChange(db, (tags) => heard.push(tags));
    const since = changeSequence(db);
    invalidate(db, []);
    expect(changedSince(db, since, ['coupon'])).toBe(false);
    invalidate(db, ['coupon:7']);
    invalidateCatalogue(db, CACHE_KEYS.shell);
    expect(heard).toEqual([['coupon:7'], ['site']]);
    expect(changedSince(db, since, ['coupon'])).toBe(true);
    expect(changedSince(db, since, ['merchant:1', 'product'])).toBe(false);
    expect(changedSince(db, changeSequence(db), ['coupon'])).toBe(false);
  });

  it('keeps separate caches per database', async () => {
    const a = fakeDb();
    const b = fakeDb();
    await cached(a, 'k', async () => 'a');
    expect(await cached(b, 'k', async () => 'b')).toBe('b');
  });
});
