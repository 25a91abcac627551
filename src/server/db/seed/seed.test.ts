import { describe, it, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { seedDemo } from './index.ts';
import { verifyPassword } from '../../auth/password.ts';
import { getSiteConfig } from '../../services/site/get-site-config.ts';
import { listHotKeywords } from '../../services/site/list-hot-keywords.ts';
import { getHome } from '../../services/site/get-home.ts';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { authenticateMerchant } from '../../services/merchant-api/authenticate.ts';
import { revokeMerchantToken } from '../../services/merchant-api/tokens.ts';
import { demoMerchantToken, seedMerchantTokens } from './merchant-tokens.ts';
import { sweepEndedOffers } from '../../services/merchant-api/activity-end.ts';
import { DEMO_PRODUCTS, generateProduct } from './catalogue-products.ts';
import { DEMO_MERCHANTS } from './catalogue-merchants.ts';

const TABLES = ['system_config', 'group_data', 'hot_keyword', 'country', 'currency', 'users', 'cart', 'user_session'] as const;

async function counts(db: Db) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const rows = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

/** Everything a shopper could see, minus timestamps and per-run salts. */
async function snapshot(db: Db) {
  return {
    config: await db.select({ key: s.systemConfig.key, value: s.systemConfig.value }).from(s.systemConfig).orderBy(s.systemConfig.key),
    groups: await db.select().from(s.groupData).orderBy(s.groupData.groupDataId),
    keywords: await db.select().from(s.hotKeyword).orderBy(s.hotKeyword.id),
    countries: await db.select().from(s.country).orderBy(s.country.code),
    currencies: await db.select().from(s.currency).orderBy(s.currency.code),
    users: (await db.select().from(s.users).orderBy(s.users.uid)).map(({ pwdHash: _p, createdAt: _c, ...u }) => u),
    cart: (await db.select().from(s.cart).orderBy(s.cart.cartId)).map(({ createdAt: _c, ...c }) => c),
  };
}

async function freshDatabase() {
  return openDatabase({ pglite: await PGlite.create('memory://'), migrate: true, seed: true });
}

describe('demo seed', () => {
  it('changes nothing when run a second time', async () => {
    const { db } = await freshDatabase();
    const before = await counts(db);
    const seen = await snapshot(db);
    await seedDemo(db);
    expect(await counts(db)).toEqual(before);
    expect(await snapshot(db)).toEqual(seen);
  });

  it('builds the same demo mall every time', async () => {
    const a = await freshDatabase();
    const b = await freshDatabase();
    expect(await snapshot(b.db)).toEqual(await snapshot(a.db));
  });

  it('fills every table a shopper needs', async () => {
    const { db } = await createTestDatabase();
    const n = await counts(db);
    // group_data: the top banner and the four curated lists' banners.
    expect(n).toMatchObject({ group_data: 5, hot_keyword: 8, users: 3 });
    // The member's cart (the demo history's orders used buy-now lines of their own).
    expect(
      await db
        .select()
        .from(s.cart)
        .where(and(eq(s.cart.isNew, false), eq(s.cart.isPay, false))),
    ).toHaveLength(2);
    expect(n.country).toBeGreaterThanOrEqual(249);
    expect(n.currency).toBeGreaterThan(150);
  });

  it("keeps an operator's site name and disabled banner across a re-seed", async () => {
    const database = await createTestDatabase();
    const { db } = database;
    await db.update(s.systemConfig).set({ value: '老王的商城' }).where(eq(s.systemConfig.key, 'site_name'));
    await db.update(s.groupData).set({ status: false }).where(eq(s.groupData.groupDataId, 1));
    await db.update(s.users).set({ nickname: '改过的名字' }).where(eq(s.users.uid, 1));
    await seedDemo(db);
    expect((await getSiteConfig(database)).site_name).toBe('老王的商城');
    expect((await getHome(database)).pc_top_banner).toBeNull();
    expect((await db.select().from(s.users).where(eq(s.users.uid, 1)))[0]?.nickname).toBe('改过的名字');
  });

  it('does not bring back demo rows an operator deleted', async () => {
    const database = await createTestDatabase();
    await database.db.delete(s.hotKeyword).where(eq(s.hotKeyword.keyword, '手机'));
    await seedDemo(database.db);
    expect((await listHotKeywords(database)).map((k) => k.keyword)).not.toContain('手机');
  });

  it('fills in missing rows for a database seeded by an older version', async () => {
    const database = await createTestDatabase();
    await database.db.delete(s.country).where(eq(s.country.code, 'CN'));
    await database.db.update(s.systemConfig).set({ value: 0 }).where(eq(s.systemConfig.key, 'seed_version'));
    await seedDemo(database.db);
    expect((await database.db.select().from(s.country).where(eq(s.country.code, 'CN')))[0]).toMatchObject({
      name: '中国',
      currencyCode: 'CNY',
      phoneCode: '86',
    });
  });

  it('has every site config field of spec section 3, with a copyright item that has url #', async () => {
    const database = await createTestDatabase();
    const keys = (await database.db.select({ key: s.systemConfig.key }).from(s.systemConfig)).map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'site_keywords',
        'site_description',
        'site_logo',
        'site_name',
        'wechat_qrcode',
        'sys_phone',
        'site_url',
        'is_open_service',
        'copyright',
      ]),
    );
    const config = await getSiteConfig(database);
    expect(config.copyright.find((c) => c.url === '#')).toMatchObject({ url: '#', img: '' });
    expect(config.copyright.every((c) => c.name.length > 0)).toBe(true);
  });

  it('seeds hot keywords and the top banner', async () => {
    const database = await createTestDatabase();
    expect((await listHotKeywords(database)).length).toBe(8);
    expect((await getHome(database)).pc_top_banner?.group_data_id).toBe(1);
  });

  it('gives the demo shoppers the documented password, stored hashed, each with its own salt', async () => {
    const { db } = await createTestDatabase();
    const rows = await db.select().from(s.users).orderBy(s.users.uid);
    expect(rows.map((u) => u.uid)).toEqual([1, 2, 3]);
    for (const u of rows) {
      expect(u.pwdHash).not.toContain('mall123456');
      expect(await verifyPassword('mall123456', u.pwdHash)).toBe(true);
    }
    expect(new Set(rows.map((u) => u.pwdHash)).size).toBe(rows.length);
  });

  it('leaves the id sequences past the seeded rows, so new rows can be added', async () => {
    const { db } = await createTestDatabase();
    const [user] = await db.insert(s.users).values({ phoneCode: '86', phone: '13700137000', nickname: '新用户' }).returning();
    expect(user?.uid).toBe(4);
    const [line] = await db.insert(s.cart).values({ uid: 4, productId: 9, productAttrUnique: 'x', cartNum: 1 }).returning();
    const [top] = await db
      .select({ max: sql<number>`max(${s.cart.cartId})::int` })
      .from(s.cart)
      .where(sql`${s.cart.uid} <> 4`);
    expect(line?.cartId).toBeGreaterThan(top!.max);
    const [group] = await db.insert(s.groupData).values({ groupKey: 'pc_home_banner', value: {} }).returning();
    expect(group?.groupDataId).toBe(6);
  });

  it('gives each demo shop its merchant-API token, idempotently, and a revoked one stays revoked', async () => {
    const database = await createTestDatabase();
    const rows = await database.db.select().from(s.merchantToken).orderBy(s.merchantToken.merId);
    expect(rows.map((r) => r.merId)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const merId of [1, 7, 20]) {
      const me = await authenticateMerchant({ db: database.db, user: null }, `Bearer ${demoMerchantToken(merId)}`);
      expect(me.merId).toBe(merId);
    }
    expect(demoMerchantToken(7)).toBe('mf_demo_mer_7_mallfront');
    await revokeMerchantToken(database.db, rows[6]!.id);
    await seedMerchantTokens(database.db);
    expect(await database.db.select().from(s.merchantToken)).toHaveLength(20);
    await expect(authenticateMerchant({ db: database.db, user: null }, `Bearer ${demoMerchantToken(7)}`)).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it("makes no stock: its ended presales hold none for the housekeeping's sweep to give their products", async () => {
    const { db } = await createTestDatabase();
    const total = async () => (await db.select({ n: sql<number>`sum(${s.productSku.stock})::int` }).from(s.productSku))[0]!.n;
    const before = await total();
    expect(await sweepEndedOffers(db)).toBe(0);
    expect(await total()).toBe(before);
  });

  it('makes no stock when its flash sales and presales end: what they hold was taken from their products', async () => {
    const { db } = await createTestDatabase();
    const made = new Map<string, number>();
    for (let id = 1; id <= DEMO_PRODUCTS; id++) {
      for (const sku of generateProduct(id, { merchantCount: DEMO_MERCHANTS }).skus) made.set(sku.unique, sku.stock);
    }
    const madeTotal = [...made.values()].reduce((n, v) => n + v, 0);
    const total = async () => (await db.select({ n: sql<number>`sum(${s.productSku.stock})::int` }).from(s.productSku))[0]!.n;
    const before = await total();
    // The demo's products, offers included, hold no more than the catalogue made them with (the orders took some).
    expect(before).toBeLessThanOrEqual(madeTotal);

    // A year on, every offer has ended (flash sales run half a year): the sweep gives back what they did not sell.
    expect(await sweepEndedOffers(db, new Date(Date.now() + 365 * 86_400_000))).toBeGreaterThan(0);
    expect(await total()).toBe(before);
    const [offers] = await db
      .select({ n: sql<number>`sum(${s.productSku.stock})::int` })
      .from(s.productSku)
      .where(sql`${s.productSku.productId} > ${DEMO_PRODUCTS}`);
    expect(offers!.n).toBe(0);
    const skus = await db
      .select({ productId: s.productSku.productId, unique: s.productSku.unique, stock: s.productSku.stock })
      .from(s.productSku)
      .where(sql`${s.productSku.productId} <= ${DEMO_PRODUCTS}`);
    // No product ends up with more of a SKU than it was made with: no pieces from nowhere.
    expect(skus.filter((k) => k.stock > made.get(k.unique)!)).toEqual([]);
  });
});
