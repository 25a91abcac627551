import { describe, it, expect, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import type { Database, Db } from '../client.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedLarge, LARGE_FIRST_ID } from './catalogue-large.ts';
import { generateProduct } from './catalogue-products.ts';
import { rng } from './catalogue-random.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

async function one<T>(d: Db, query: string): Promise<T> {
  const r = (await d.execute(sql.raw(query))) as unknown as { rows: T[] };
  return r.rows[0]!;
}

const TABLES = [
  'merchant',
  'store_category',
  'brand',
  'product',
  'product_sku',
  'product_attr',
  'product_content',
  'product_reply',
  'product_parameter_value',
  'coupon',
  'coupon_product',
  'seckill_time',
  'seckill_product',
  'presell',
  'media',
  'exchange_rate',
  'price_rule',
  'merchant_shop_category',
];

async function fingerprint(d: Db) {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    // Every column except timestamps set by now(): a hash of the whole table.
    out[t] = (
      await one<{ h: string }>(d, `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) h from (select * from ${t}) x`)
    ).h;
  }
  return out;
}

describe('catalogue demo seed', () => {
  it('builds a believable mall of the planned size', async () => {
    const n = await one<Record<string, number>>(
      db.db,
      `select
      (select count(*) from merchant)::int merchants, (select count(*) from merchant where is_trader)::int self_run,
      (select count(*) from merchant where is_best)::int featured, (select count(*) from store_category)::int categories,
      (select count(distinct level) from store_category)::int levels, (select count(*) from brand)::int brands,
      (select count(*) from product where product_type = 0)::int products, (select count(*) from product_sku)::int skus,
      (select count(*) from product_sku where stock = 0)::int sold_out_skus,
      (select count(*) from product p where product_type = 0 and stock = 0)::int sold_out_products,
      (select count(*) from product p where not exists (select 1 from product_attr a where a.product_id = p.product_id))::int single_spec,
      (select count(*) from product_reply)::int reviews, (select count(*) from product_reply where rate <= 2)::int bad,
      (select count(*) from product_reply where rate = 3)::int medium, (select count(*) from product_reply where merchant_reply_content is not null)::int replied`,
    );
    expect(n).toMatchObject({ merchants: 20, categories: 60, levels: 3, brands: 40, products: 600 });
    expect(n.self_run).toBeGreaterThanOrEqual(3);
    expect(n.featured).toBeGreaterThanOrEqual(2);
    expect(n.skus).toBeGreaterThan(2000);
    expect(n.sold_out_skus).toBeGreaterThan(50);
    expect(n.sold_out_products).toBeGreaterThan(3);
    expect(n.single_spec).toBeGreaterThan(0);
    expect(n.bad).toBeGreaterThan(0);
    expect(n.medium).toBeGreaterThan(0);
    expect(n.replied).toBeGreaterThan(0);
  });

  it('keeps products consistent with their SKUs and money in cents', async () => {
    const bad = await one<{ n: number }>(
      db.db,
      `select count(*)::int n from product p join (
      select product_id, min(price) mp, sum(stock) st from product_sku group by product_id) s using (product_id)
      where p.price <> s.mp or p.stock <> s.st or p.ot_price < p.price`,
    );
    expect(bad.n).toBe(0);
    expect(
      (
        await one<{ n: number }>(
          db.db,
          `select count(*)::int n from product_sku where sku = '' and product_id in (select product_id from product_attr)`,
        )
      ).n,
    ).toBe(0);
  });

  it('has coupons of every type, both validity kinds, limits and per-user limits', async () => {
    const c = await one<Record<string, number>>(
      db.db,
      `select count(distinct type)::int types, count(distinct coupon_type)::int kinds,
      count(*) filter (where is_limited)::int limited, count(*) filter (where user_limit = 1)::int once, count(*) filter (where user_limit > 1)::int multi from coupon`,
    );
    expect(c).toMatchObject({ types: 5, kinds: 2 });
    expect(c.limited).toBeGreaterThan(0);
    expect(c.once).toBeGreaterThan(0);
    expect(c.multi).toBeGreaterThan(0);
  });

  it('covers every hour of the day with a flash-sale session that has offers', async () => {
    const rows = (
      (await db.db.execute(
        sql`select start_time, end_time, (select count(*) from seckill_product p where p.seckill_time_id = t.seckill_time_id)::int n from seckill_time t order by start_time`,
      )) as unknown as { rows: { start_time: number; end_time: number; n: number }[] }
    ).rows;
    const hours = new Set(rows.flatMap((r) => Array.from({ length: r.end_time - r.start_time }, (_, i) => r.start_time + i)));
    expect(hours.size).toBe(24);
    expect(rows.every((r) => r.n > 0)).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const before = await fingerprint(db.db);
    await db.db.transaction((tx) => seedCatalogue(tx));
    expect(await fingerprint(db.db)).toEqual(before);
  });

  it('generates the same product from the same id, and a different one from another', () => {
    expect(generateProduct(42, { merchantCount: 20 })).toEqual(generateProduct(42, { merchantCount: 20 }));
    expect(generateProduct(42, { merchantCount: 20 }).product.storeName).not.toBe(
      generateProduct(43, { merchantCount: 20 }).product.storeName,
    );
    const a = rng(7);
    const b = rng(7);
    expect([a.next(), a.next(), a.int(1, 6)]).toEqual([b.next(), b.next(), b.int(1, 6)]);
  });

  it('describes a product in words and pictures, without repeating the parameters the page lists under 规格参数', () => {
    const { content, params, product } = generateProduct(1, { merchantCount: 20 });
    expect(params.length).toBeGreaterThan(0);
    expect(content.content).toContain(product.storeInfo);
    expect(content.content).toContain('<img');
    expect(content.content).not.toContain('<table');
  });
});

describe('large bench mall', () => {
  it('tops the demo mall up with more shops and products sharing pictures, idempotently', async () => {
    const own = await createTestDatabase();
    const demoRows = `select md5(string_agg(x::text, '|' order by x::text)) h from (select * from product where product_id < ${LARGE_FIRST_ID}) x`;
    const before = await one<{ h: string }>(own.db, demoRows);
    await seedLarge(own.db, { products: 900, merchants: 30 });
    const n = await one<Record<string, number>>(
      own.db,
      `select (select count(*) from product where product_type = 0)::int products,
      (select count(*) from merchant)::int merchants, (select min(product_id) from product where product_id >= ${LARGE_FIRST_ID})::int first,
      (select count(*) from product p where product_id >= ${LARGE_FIRST_ID} and not exists (select 1 from media m where '/media/' || m.media_id || '.svg' = p.image))::int missing`,
    );
    expect(n).toEqual({ products: 900, merchants: 30, first: LARGE_FIRST_ID, missing: 0 });
    await seedLarge(own.db, { products: 900, merchants: 30 });
    expect((await one<{ n: number }>(own.db, `select count(*)::int n from product where product_type = 0`)).n).toBe(900);
    // The demo's rows are untouched by the top-up.
    expect(await one<{ h: string }>(own.db, demoRows)).toEqual(before);
  });

  it('files every product under a category of its own shop, also after a re-run with more shops and products', async () => {
    const own = await createTestDatabase();
    // Products filed under no category, or under one that is not their shop's; shops without categories.
    const misfiled = `select
      (select count(*) from product p where p.product_type = 0 and not exists (select 1 from product_shop_category pc where pc.product_id = p.product_id))::int unfiled,
      (select count(*) from product_shop_category pc join product p using (product_id) join merchant_shop_category c using (mer_cate_id) where c.mer_id <> p.mer_id)::int foreign,
      (select count(*) from merchant m where not exists (select 1 from merchant_shop_category c where c.mer_id = m.mer_id and c.pid <> 0))::int bare,
      (select count(distinct p.mer_id) from product p where p.product_id >= ${LARGE_FIRST_ID})::int shops,
      (select count(*) from product where product_type = 0)::int products`;
    await seedLarge(own.db, { products: 900, merchants: 30 });
    expect(await one(own.db, misfiled)).toEqual({ unfiled: 0, foreign: 0, bare: 0, shops: 30, products: 900 });
    // A product keeps the shop it was made in (the ids are a function of the shop count): a second run with another
    // count adds the new products only, not a second shop's category and SKUs to the old ones.
    const skus = `select count(*)::int n from product_sku where product_id between ${LARGE_FIRST_ID} and ${LARGE_FIRST_ID + 299}`;
    const skusBefore = await one(own.db, skus);
    await seedLarge(own.db, { products: 1000, merchants: 45 });
    expect(await one(own.db, misfiled)).toEqual({ unfiled: 0, foreign: 0, bare: 0, shops: 45, products: 1000 });
    expect(await one(own.db, skus)).toEqual(skusBefore);
  });
});
