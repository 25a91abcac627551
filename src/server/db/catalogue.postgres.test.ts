// The catalogue on the production path: the same migrations, seed and services on a real PostgreSQL 15
// server, answering exactly like the embedded PGlite (and really concurrent: a pool of connections).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { usePostgres } from '../../../tests/helpers/postgres-server.ts';
import { openDatabase, type Database } from './client.ts';
import { coupon, couponUser } from './schema/index.ts';
import { seedDemo } from './seed/index.ts';
import { createSession, findSessionUser } from '../services/session/sessions.ts';
import type { ServiceContext } from '../services/context.ts';
import { listProducts } from '../services/catalogue/list-products.ts';
import { getProductDetail } from '../services/catalogue/get-product-detail.ts';
import { listReviews } from '../services/catalogue/list-reviews.ts';
import { firstReviewsOf } from '../services/catalogue/product-detail.ts';
import { listCategories } from '../services/catalogue/list-categories.ts';
import { listBrands } from '../services/catalogue/list-brands.ts';
import { listParamFilters } from '../services/catalogue/list-param-filters.ts';
import { readFacets } from '../services/catalogue/scope-facets.ts';
import { convertPrice } from '../services/catalogue/convert-price.ts';
import { listMerchants } from '../services/merchant/list-merchants.ts';
import { listMerchantProducts } from '../services/merchant/list-merchant-products.ts';
import { listCoupons } from '../services/coupon/list-coupons.ts';
import { listPresells } from '../services/promotion/list-presells.ts';
import { claimCoupon } from '../services/coupon/claim-coupon.ts';
import { createCart } from '../services/cart/create-cart.ts';
import { countCart } from '../services/cart/count-cart.ts';

const pg = usePostgres(180000);

const visitor = (d: Database): ServiceContext => ({ db: d.db, user: null });
async function signedIn(d: Database, uid: number): Promise<ServiceContext> {
  const { token } = await createSession(d.db, uid);
  return { db: d.db, user: await findSessionUser(d.db, token) };
}

describe('catalogue on PostgreSQL 15', () => {
  it('lists, filters and sorts products exactly like PGlite', async () => {
    const queries = [
      {},
      { keyword: '手机' },
      { keyword: '星辰 手机', order: 'sales' },
      { keyword: '红' },
      { cate_pid: 1, order: 'price_asc', page: 2 },
      { cate_pid: 30, order: 'price_desc' },
      { brand_id: '1,2', mer_type_id: '1,4' },
      { filter_params: '{"1":["越南","印度"]}', order: 'rate' },
      { price_on: '100', price_off: '300', order: 'is_new' },
      { order: 'sales', limit: 100 },
    ];
    for (const q of queries)
      expect(await listProducts(visitor(pg.server), q), JSON.stringify(q)).toEqual(await listProducts(visitor(pg.embedded), q));
  });

  it('answers the detail, reviews, facets, shops, coupons and presales exactly like PGlite', async () => {
    const same = async <T>(fn: (ctx: ServiceContext) => Promise<T>) =>
      expect(await fn(visitor(pg.server))).toEqual(await fn(visitor(pg.embedded)));
    for (const id of [1, 2, 77, 333]) await same((c) => getProductDetail(c, { id }));
    await same((c) => listReviews(c, { id: 77, type: 'best' }));
    await same(async (c) => firstReviewsOf(await getProductDetail(c, { id: 77 }, { withFirstReviews: true })));
    await same((c) => listCategories(c));
    await same((c) => listBrands(c, { keyword: '口红' }));
    await same((c) => listParamFilters(c, { cate_id: 2 }));
    await same((c) => readFacets(c, '', undefined));
    await same((c) => readFacets(c, '手机', undefined));
    await same((c) => listMerchants(c, { order: 'rate' }));
    await same((c) => listMerchantProducts(c, { id: 7, keyword: '连衣裙' }));
    await same((c) => listCoupons(c, { product: 1, type: -1 }));
    await same((c) => listPresells(c, { type: 1 }));
    await same((c) => convertPrice(c, { cents: 123456, currency: 'JPY' }));
  });

  it('never oversells the last coupon to parallel claims on separate connections', async () => {
    await pg.server.db.update(coupon).set({ remainCount: 1 }).where(eq(coupon.couponId, 3));
    const users = await Promise.all([1, 2, 3].map((uid) => signedIn(pg.server, uid)));
    const results = await Promise.allSettled(users.map((u) => claimCoupon(u, { id: 3 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await pg.server.db.select().from(coupon).where(eq(coupon.couponId, 3)))[0]!.remainCount).toBe(0);
    expect(await pg.server.db.select().from(couponUser).where(eq(couponUser.couponId, 3))).toHaveLength(1);
  });

  it('never lets one shopper pass the per-user limit with parallel claims', async () => {
    const user = await signedIn(pg.server, 2);
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => claimCoupon(user, { id: 6 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('merges parallel add-to-cart clicks into one line', async () => {
    const user = await signedIn(pg.server, 3);
    const lines = await Promise.all(
      [1, 2, 3].map(() => createCart(user, { product_id: 2, product_attr_unique: 'demo-sku-2', cart_num: 1 })),
    );
    expect(new Set(lines.map((l) => l.cart_id)).size).toBe(1);
    expect(await countCart(user)).toEqual([{ count: 3 }]);
  });

  it('re-running the seed changes nothing', async () => {
    const before = await listProducts(visitor(pg.server), { order: 'sales', limit: 50 });
    await seedDemo(pg.server.db);
    expect(await listProducts(visitor(pg.server), { order: 'sales', limit: 50 })).toEqual(before);
  });
});
