// The cache bus on a real PostgreSQL 15: two database handles stand for two app processes on one server.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { startPostgres } from '../../../tests/helpers/postgres-server.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { cached, invalidate, CACHE_KEYS } from '../services/cache.ts';
import { keepPage, cachedPage } from './page-cache.ts';
import { CACHE_CHANNEL } from './cache-bus.ts';
import { type ChatSignal, deskTopic, listenChat, shopperTopic, signalChat } from '../services/chat/hub.ts';
import { users } from '../db/schema/index.ts';
import { createSession, revokeSession } from '../services/session/sessions.ts';
import { shopperOf } from '../services/session/shopper-cache.ts';

let stop: (() => void) | undefined;
let a: Database;
let b: Database;

beforeAll(async () => {
  const pg = await startPostgres();
  stop = pg.stop;
  a = await openDatabase({ databaseUrl: pg.url, seed: false });
  b = await openDatabase({ databaseUrl: pg.url, migrate: false, seed: false });
}, 120000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  stop?.();
});

const page = (db: Database, key: string, shown: string[]) =>
  keepPage(db.db, key, new Response(key, { status: 200, headers: { 'content-type': 'text/html' } }), { shown: () => shown });

describe('cache bus (LISTEN/NOTIFY)', () => {
  it('drops the pages and reads another process cached when this one changes what they show', async () => {
    await page(b, 'shop 19', ['merchant:19', 'product']);
    await page(b, 'shop 20', ['merchant:20', 'product']);
    await page(a, 'shop 19', ['merchant:19', 'product']);
    let loads = 0;
    await cached(b.db, CACHE_KEYS.merchants, async () => ++loads);
    await cached(b.db, CACHE_KEYS.categories, async () => 'tree');

    invalidate(a.db, ['merchant:19']);
    // The sender applies its change at once; the other process as soon as the notification arrives.
    expect(cachedPage(a.db, 'shop 19')).toBeNull();
    await expect.poll(() => cachedPage(b.db, 'shop 19'), { timeout: 10000 }).toBeNull();
    expect(cachedPage(b.db, 'shop 20')).not.toBeNull();
    expect(await cached(b.db, CACHE_KEYS.merchants, async () => ++loads)).toBe(2);
    expect(await cached(b.db, CACHE_KEYS.categories, async () => 'other')).toBe('tree');
  });

  it("ends a shopper's header in every process when they sign out in one", async () => {
    const [u] = await a.db.insert(users).values({ phoneCode: '86', phone: '17000009999', nickname: '总线' }).returning({ uid: users.uid });
    const { token } = await createSession(a.db, u!.uid);
    expect((await shopperOf(b.db, token))?.user.nickname).toBe('总线');
    await revokeSession(a.db, token);
    // Without the notification the other process would keep the header for a minute.
    await expect.poll(() => shopperOf(b.db, token), { timeout: 10000 }).toBeNull();
  });

  it('wakes the chat streams of another process, and only the conversation named', async () => {
    const heard: ChatSignal[] = [];
    const stopShopper = listenChat(b.db, shopperTopic(4242), (signal) => heard.push(signal));
    const stopDesk = listenChat(b.db, deskTopic(7), (signal) => heard.push(signal));
    signalChat(a.db, { uid: 4243, merId: 8 });
    signalChat(a.db, { uid: 4242, merId: 7, recalled: 9 });
    // One wake-up for the shopper's stream and one for the desk's; none for the other conversation.
    await expect.poll(() => heard.length, { timeout: 10000 }).toBe(2);
    expect(heard).toEqual([
      { uid: 4242, merId: 7, recalled: 9 },
      { uid: 4242, merId: 7, recalled: 9 },
    ]);
    stopShopper();
    stopDesk();
  });

  it('carries a change too big for one notification as "everything"', async () => {
    await page(b, 'coupon centre', ['coupon']);
    await page(b, 'news', ['site']);
    const many = Array.from({ length: 2000 }, (_, i) => `product:${i}` as const);
    invalidate(a.db, many);
    await expect.poll(() => cachedPage(b.db, 'news'), { timeout: 10000 }).toBeNull();
    expect(cachedPage(b.db, 'coupon centre')).toBeNull();
  });

  it('listens again after losing its connection, first dropping what it may have missed', async () => {
    await page(b, 'before', ['category']);
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query like ${`LISTEN ${CACHE_CHANNEL}%`}`);
    await expect.poll(() => cachedPage(b.db, 'before'), { timeout: 15000 }).toBeNull();
    await page(b, 'after', ['category']);
    await page(b, 'unrelated', ['site']);
    invalidate(a.db, ['category']);
    await expect.poll(() => cachedPage(b.db, 'after'), { timeout: 10000 }).toBeNull();
    expect(cachedPage(b.db, 'unrelated')).not.toBeNull();
  });
});
