// The coupons row of the product pages: a normal product offers its shop's coupons to claim; a flash sale or presale,
// which checkout refuses every coupon for (活动商品不可使用优惠券), offers none, though its shop has coupons.
import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase, visitorContext } from '../../tests/helpers/test-db.ts';
import type { Database } from '../server/db/client.ts';
import { DEFAULT_LOCALE } from '../shared/locale.ts';
import { listSeckillProducts } from '../server/services/promotion/list-seckill-products.ts';
import { listPresells } from '../server/services/promotion/list-presells.ts';
import { listMerchantCoupons } from '../server/services/coupon/list-merchant-coupons.ts';
import type { PageInput } from './page.ts';
import { loadGoodsDetail } from './goods-detail.ts';
import { loadGoodsSeckillDetail } from './goods-seckill-detail.ts';
import { loadGoodsPresellDetail } from './goods-presell-detail.ts';

let d: Database;
beforeAll(async () => {
  d = await createTestDatabase();
});

const page = (path: string, id: number): PageInput => ({
  locals: { db: d.db, user: null, token: null, locale: { ...DEFAULT_LOCALE }, ctx: { db: d.db, user: null } },
  url: new URL(path, 'http://mall.test'),
  params: { id: String(id) },
});

function data<T>(r: { ok: true; data: T } | { ok: false; status: number; message: string }): T {
  if (!r.ok) throw new Error(`expected data, got ${r.status} ${r.message}`);
  return r.data;
}

describe('coupons on the product pages', () => {
  it('offers none on a flash sale whose shop has coupons; its product page offers them', async () => {
    const offer = (await listSeckillProducts(visitorContext(d), {})).list[0]!;
    expect((await listMerchantCoupons(visitorContext(d), { id: offer.mer_id })).length).toBeGreaterThan(0);
    const seckill = data(await loadGoodsSeckillDetail(page(`/goods_seckill_detail/${offer.product_id}`, offer.product_id)));
    expect(seckill.extras.coupons).toEqual([]);
    const normal = data(await loadGoodsDetail(page(`/goods_detail/${offer.origin_product_id}`, offer.origin_product_id)));
    expect(normal.product.mer_id).toBe(offer.mer_id);
    expect(normal.extras.coupons.some((c) => c.type === 0 && c.mer_id === offer.mer_id)).toBe(true);
  });

  it('offers none on a presale whose shop has coupons', async () => {
    const pr = (await listPresells(visitorContext(d), { type: 1 })).list[0]!;
    const presale = data(await loadGoodsPresellDetail(page(`/goods_presell_detail/${pr.product_presell_id}`, pr.product_presell_id)));
    expect((await listMerchantCoupons(visitorContext(d), { id: presale.product.mer_id })).length).toBeGreaterThan(0);
    expect(presale.extras.coupons).toEqual([]);
  });
});
