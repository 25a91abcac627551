import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { invalidateCatalogue } from '../cache.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { getSitemapShard, listSitemapShards, SHARD_SIZE } from './sitemap.ts';
import { urlsetXml, sitemapIndexXml, xmlEscape } from './sitemap-xml.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

const ctx = () => visitorContext(db);
const count = async (q: ReturnType<typeof sql>) => ((await db.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const visibleProducts = () =>
  count(
    sql`select count(*)::int n from product p join merchant m on m.mer_id = p.mer_id where p.status = 1 and p.product_type = 0 and m.status`,
  );

/** Every product id of the product shards, in shard order. */
async function productIds(shardSize: number): Promise<number[]> {
  const shards = (await listSitemapShards(ctx(), { shardSize })).filter((n) => n.startsWith('products-'));
  const lists = await Promise.all(shards.map((name) => getSitemapShard(ctx(), { name }, { shardSize })));
  return lists.flat().map((e) => Number(e.loc.replace('/goods_detail/', '')));
}

describe('sitemap shards', () => {
  it('lists fixed shards first and one shard per 10,000 products or shops', async () => {
    const names = await listSitemapShards(ctx());
    expect(names).toEqual(['pages', 'categories', 'promotions', 'stores-1', 'products-1']);
    expect(await visibleProducts()).toBeLessThan(SHARD_SIZE);
  });

  it('splits the products into full shards by id range, each product exactly once', async () => {
    const total = await visibleProducts();
    const names = (await listSitemapShards(ctx(), { shardSize: 100 })).filter((n) => n.startsWith('products-'));
    expect(names).toHaveLength(Math.ceil(total / 100));
    const first = await getSitemapShard(ctx(), { name: 'products-1' }, { shardSize: 100 });
    expect(first).toHaveLength(100);
    expect(first[0]).toMatchObject({ loc: '/goods_detail/1' });
    expect(first[0]!.lastmod).toBeInstanceOf(Date);
    const ids = await productIds(100);
    expect(ids).toHaveLength(total);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(total);
    await expect(getSitemapShard(ctx(), { name: `products-${names.length + 1}` }, { shardSize: 100 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('leaves out products off the shelf, activity rows and products of closed shops; their pages are 404s', async () => {
    const ids = new Set(await productIds(SHARD_SIZE));
    const offShelf = await db.db.select({ id: s.product.productId }).from(s.product).where(eq(s.product.status, 0));
    expect(offShelf.length).toBeGreaterThan(0);
    for (const { id } of offShelf) expect(ids.has(id)).toBe(false);
    const activity = await db.db.select({ id: s.product.productId }).from(s.product).where(sql`${s.product.productType} <> 0`);
    for (const { id } of activity) expect(ids.has(id)).toBe(false);

    const closed = await createTestDatabase();
    const [victim] = await closed.db
      .select({ id: s.product.productId, merId: s.product.merId })
      .from(s.product)
      .where(eq(s.product.productId, 1));
    await closed.db.update(s.merchant).set({ status: false }).where(eq(s.merchant.merId, victim!.merId));
    const vctx = visitorContext(closed);
    const after = (await getSitemapShard(vctx, { name: 'products-1' })).map((e) => e.loc);
    expect(after).not.toContain('/goods_detail/1');
    await expect(getProductDetail(vctx, { id: 1 })).rejects.toMatchObject({ status: 404 });
    const stores = (await getSitemapShard(vctx, { name: 'stores-1' })).map((e) => e.loc);
    expect(stores).not.toContain(`/store?id=${victim!.merId}`);
    const openMerchants = await closed.db.select({ id: s.merchant.merId }).from(s.merchant).where(eq(s.merchant.status, true));
    expect(stores).toHaveLength(openMerchants.length);
  });

  it('lists every visible category and each top-level ranking, hides a hidden branch, and uses the sid-only canonical form', async () => {
    const entries = await getSitemapShard(ctx(), { name: 'categories' });
    const all = entries.filter((e) => e.loc.startsWith('/goods_cate'));
    const rows = await db.db.select().from(s.storeCategory);
    expect(all).toHaveLength(rows.length);
    expect(all.every((e) => /^\/goods_cate\?sid=\d+$/.test(e.loc))).toBe(true);
    const roots = rows.filter((r) => r.pid === 0).map((r) => `/goods_ranking/${r.storeCategoryId}`);
    expect(entries.filter((e) => !e.loc.startsWith('/goods_cate')).map((e) => e.loc)).toEqual(expect.arrayContaining(roots));
    expect(entries).toHaveLength(rows.length + roots.length);

    const hidden = await createTestDatabase();
    const [root] = await hidden.db.select().from(s.storeCategory).where(eq(s.storeCategory.pid, 0)).limit(1);
    await hidden.db.update(s.storeCategory).set({ isShow: false }).where(eq(s.storeCategory.storeCategoryId, root!.storeCategoryId));
    invalidateCatalogue(hidden.db);
    const locs = (await getSitemapShard(visitorContext(hidden), { name: 'categories' })).map((e) => e.loc);
    const [child] = await hidden.db.select().from(s.storeCategory).where(eq(s.storeCategory.pid, root!.storeCategoryId)).limit(1);
    expect(locs).not.toContain(`/goods_cate?sid=${root!.storeCategoryId}`);
    expect(locs).not.toContain(`/goods_cate?sid=${child!.storeCategoryId}`);
    expect(locs.length).toBeLessThan(all.length);
  });

  it('lists the public pages, curated lists and news articles, never a private one', async () => {
    const news = [
      { article_id: 12, created: new Date('2026-11-14T08:30:00Z') },
      { article_id: 3, created: new Date('2026-07-20T01:30:00Z') },
    ];
    const pages = await getSitemapShard(
      ctx(),
      { name: 'pages' },
      { extraPages: [{ loc: '/privacy_agreement?type=sys_user_agree' }], news },
    );
    const locs = pages.map((e) => e.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        '/',
        '/goods_seckill',
        '/goods_presell',
        '/coupon_center',
        '/shop_street',
        '/news_list',
        '/goods_ranking',
        '/goods_list?type=hot',
        '/goods_list?type=best',
        '/goods_list?type=new',
        '/goods_list?type=good',
        '/privacy_agreement?type=sys_user_agree',
      ]),
    );
    expect(locs.filter((l) => l.startsWith('/news_detail/'))).toEqual(['/news_detail/3', '/news_detail/12']);
    expect(pages.find((e) => e.loc === '/news_detail/12')?.lastmod).toEqual(news[0]!.created);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((l) => /^\/(user|login|shopping_cart|order_)/.test(l))).toBe(false);
  });

  it('lists running flash sales and presales that have not ended, not disabled ones', async () => {
    const locs = (await getSitemapShard(ctx(), { name: 'promotions' })).map((e) => e.loc);
    expect(locs.some((l) => l.startsWith('/goods_seckill_detail/'))).toBe(true);
    expect(locs.some((l) => l.startsWith('/goods_presell_detail/'))).toBe(true);
    const ended = await db.db.select({ id: s.presell.productPresellId }).from(s.presell).where(sql`${s.presell.endTime} < now()`);
    for (const { id } of ended) expect(locs).not.toContain(`/goods_presell_detail/${id}`);

    const off = await createTestDatabase();
    const [pr] = await off.db
      .select()
      .from(s.presell)
      .where(and(eq(s.presell.status, true), sql`${s.presell.endTime} >= now()`))
      .limit(1);
    await off.db.update(s.presell).set({ status: false }).where(eq(s.presell.productPresellId, pr!.productPresellId));
    const offLocs = (await getSitemapShard(visitorContext(off), { name: 'promotions' })).map((e) => e.loc);
    expect(locs).toContain(`/goods_presell_detail/${pr!.productPresellId}`);
    expect(offLocs).not.toContain(`/goods_presell_detail/${pr!.productPresellId}`);
  });

  it('is a 404 for unknown or malformed shard names', async () => {
    for (const name of ['nope', 'products-0', 'products-x', '../etc', 'products-1.xml', '']) {
      await expect(getSitemapShard(ctx(), { name })).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe('sitemap XML', () => {
  it('escapes query strings and joins paths to the site base', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = urlsetXml('https://mall.example/', [{ loc: '/goods_cate?sid=3&name=a,b', lastmod: new Date('2026-01-02T03:04:05Z') }]);
    expect(xml).toContain(
      '<url><loc>https://mall.example/goods_cate?sid=3&amp;name=a,b</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>',
    );
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it('writes an index of shard locations', () => {
    const xml = sitemapIndexXml('http://127.0.0.1:4452', [{ loc: '/sitemap/products-1.xml' }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>http://127.0.0.1:4452/sitemap/products-1.xml</loc></sitemap>');
  });
});
