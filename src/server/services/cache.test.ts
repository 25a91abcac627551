import { describe, it, expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { cached, invalidateCatalogue, catalogueGeneration, noteWrite } from './cache.ts';

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
    const query = { then: (ok: (v: string) => unknown) => ok(`run ${++runs}`) };
    for (let i = 0; i < 3; i++) expect(await cached(db, 'q', () => query as unknown as PromiseLike<string>)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('moves the generation on with every write and invalidation', () => {
    const db = fakeDb();
    const g0 = catalogueGeneration(db);
    noteWrite(db);
    invalidateCatalogue(db, 'hot:');
    expect(catalogueGeneration(db)).toBe(g0 + 2);
    expect(catalogueGeneration(fakeDb())).toBe(0);
  });

  it('keeps separate caches per database', async () => {
    const a = fakeDb();
    const b = fakeDb();
    await cached(a, 'k', async () => 'a');
    expect(await cached(b, 'k', async () => 'b')).toBe('b');
  });
});
