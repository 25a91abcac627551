// A shop's own flash sales through the merchant API, on a real database: run on PGlite (merchant-seckill.test.ts) and
// on PostgreSQL 15 (merchant-seckill.postgres.test.ts), where a merchant's stock change and shoppers' orders really
// race on a pool of connections. Each test makes its own product and offer and asserts on them only. The clock is held
// still at the moment the test starts, so the session running then is still running when its orders are placed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { asMerchant, callRoute, dropSku, twoSkuProduct, uniqueOf } from '../../../../tests/helpers/merchant-api.ts';
import { addLine, newShopper, placeOrder, type Shopper, type Sku } from '../../../../tests/helpers/checkout.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { job, product, productAttr, productContent, productSku, seckillProduct } from '../../db/schema/index.ts';
import { POST as createRoute } from '../../../pages/api/merchant/seckill/create.ts';
import { POST as updateRoute } from '../../../pages/api/merchant/seckill/update/[id].ts';
import { changeSequence, changedSince } from '../cache.ts';
import { collectShown } from '../cache-tags.ts';
import { createCart } from '../cart/create-cart.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { mallDate } from '../dates.ts';
import { appJobs } from '../../jobs/registry.ts';
import { runDueJobs, type JobRow } from '../../jobs/runner.ts';
import { housekeeping } from '../../jobs/housekeeping.ts';
import { cancelOrder } from '../order/cancel-order.ts';
import { getSeckillDetail } from '../promotion/get-seckill-detail.ts';
import { listSeckillProducts } from '../promotion/list-seckill-products.ts';
import type { MerchantContext } from './context.ts';
import { PRODUCT_TEXT } from './product-writes.ts';
import type { MerchantProductDto } from './products.ts';
import { createMerchantSeckill, SECKILL_TEXT, setMerchantSeckillStatus, updateMerchantSeckill } from './seckill-writes.ts';
import { getMerchantSeckill, listMerchantSeckillSessions, listMerchantSeckills, type MerchantSeckillDto } from './seckills.ts';

const ownProduct = (d: Database, m: MerchantContext) => twoSkuProduct(d, m, '秒杀测试保温杯');

/** The session running now (the demo's twelve cover every hour). */
async function runningSession(m: MerchantContext): Promise<number> {
  const { list } = await listMerchantSeckillSessions(m);
  return list.find((s) => s.pc_status === 1)!.seckill_time_id;
}

const today = () => mallDate(new Date());
const inDays = (n: number) => mallDate(new Date(Date.now() + n * 86400_000));

/** A create body for `origin`: 灰色 ¥59.90 × 10, 红色 ¥69 × 5, today only, in `session`. */
const offerBody = (origin: MerchantProductDto, session: number, extra: Record<string, unknown> = {}) => ({
  origin_product_id: origin.product_id,
  seckill_time_id: session,
  start_day: today(),
  end_day: today(),
  once_pay_count: 2,
  all_pay_count: 4,
  attrValue: [
    { unique: uniqueOf(origin, '灰色'), price: '59.90', stock: 10 },
    { unique: uniqueOf(origin, '红色'), price: 69, stock: 5 },
  ],
  ...extra,
});

const skuStock = async (d: Database, unique: string) =>
  (await d.db.select({ stock: productSku.stock }).from(productSku).where(eq(productSku.unique, unique)))[0]!.stock;
const productRow = async (d: Database, id: number) => (await d.db.select().from(product).where(eq(product.productId, id)))[0]!;
const buyable = (o: MerchantSeckillDto, sku: string, merId: number): Sku => {
  const s = o.attrValue.find((x) => x.sku === sku)!;
  return { productId: o.product_id, unique: s.unique, merId, price: Math.round(Number(s.price) * 100), stock: s.stock };
};
/** A "buy now" line of a flash-sale SKU, as its page adds it. */
const seckillLine = async (s: Shopper, sku: Sku, n: number) =>
  (await createCart(s, { product_id: sku.productId, product_attr_unique: sku.unique, cart_num: n, is_new: 1, product_type: 1 })).cart_id;

/** The mall midnight after today: the moment a flash sale whose last day is today is over. */
const endOfToday = () => Date.parse(`${today()}T00:00:00+08:00`) + 86400_000;
/** The `activity.end` jobs due at `at` run (only that kind: other tests' jobs stay as they are). */
const runEndJobs = (d: Database, at: number) =>
  runDueJobs(d.db, { 'activity.end': appJobs['activity.end']! }, { worker: 'seckill-test', now: new Date(at), limit: 100 });
/** The `activity.end` handler run directly for offer `productId` at `at` (as a second runner would). */
const endHandler = (d: Database, productId: number, at: number) =>
  appJobs['activity.end']!.run({ productId }, { db: d.db, job: {} as JobRow, now: new Date(at) });

export function merchantSeckillSuite(open: () => Promise<Database>) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('a shop puts its product into a flash sale', () => {
    it('builds the offer as the seed does, reserves its stock from the product, and shoppers see it once it is on', async () => {
      const d = await open();
      const m = await asMerchant(d, 3);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const listShown = new Set<string>();
      await collectShown(listShown, () => listSeckillProducts(visitorContext(d), { seckill_time_id: session, limit: 100 }));
      const originShown = new Set<string>();
      await collectShown(originShown, () => getProductDetail(visitorContext(d), { id: origin.product_id }));
      const seq = changeSequence(d.db);

      const o = await createMerchantSeckill(m, offerBody(origin, session));
      expect(o).toMatchObject({
        origin_product_id: origin.product_id,
        store_name: origin.store_name,
        seckill_time_id: session,
        start_day: today(),
        end_day: today(),
        once_pay_count: 2,
        all_pay_count: 4,
        price: '59.90',
        ot_price: '129.00',
        stock: 15,
        sales: 0,
        status: 0,
        seckill_status: 0,
        attr: [{ value: '颜色', detail: ['灰色', '红色'] }],
      });
      expect(o.attrValue.map((s) => [s.sku, s.price, s.ot_price, s.stock, s.origin_unique, s.origin_stock])).toEqual([
        ['灰色', '59.90', '129.00', 10, uniqueOf(origin, '灰色'), 40],
        ['红色', '69.00', '139.50', 5, uniqueOf(origin, '红色'), 25],
      ]);
      expect(await getMerchantSeckill(m, { id: o.product_id })).toEqual(o);
      // The seed's structure: a type-1 copy of the product row, its details and specs, one SKU per SKU, the settings.
      const row = await productRow(d, o.product_id);
      const originRow = await productRow(d, origin.product_id);
      expect(row).toMatchObject({
        productType: 1,
        merId: 3,
        cateId: originRow.cateId,
        image: originRow.image,
        sliderImage: originRow.sliderImage,
        price: 5990,
        otPrice: 12900,
        stock: 15,
      });
      expect(originRow.stock).toBe(65);
      const [content] = await d.db.select().from(productContent).where(eq(productContent.productId, o.product_id));
      expect(content!.content).toBe(origin.content);
      expect(await d.db.select().from(productAttr).where(eq(productAttr.productId, o.product_id))).toHaveLength(1);
      expect((await d.db.select().from(seckillProduct).where(eq(seckillProduct.productId, o.product_id)))[0]).toMatchObject({
        originProductId: origin.product_id,
        seckillTimeId: session,
      });
      // Shown pages are dropped: the flash-sale lists, and the product's own page (its stock went down).
      expect(changedSince(d.db, seq, listShown)).toBe(true);
      expect(changedSince(d.db, seq, originShown)).toBe(true);
      expect(changedSince(d.db, seq, ['merchant:3'])).toBe(false);

      // Off the shelf until the shop puts it on.
      const listed = async () =>
        (await listSeckillProducts(visitorContext(d), { seckill_time_id: session, limit: 100 })).list.map((x) => x.product_id);
      expect(await listed()).not.toContain(o.product_id);
      await expect(getSeckillDetail(visitorContext(d), { id: o.product_id })).rejects.toMatchObject({ code: 'not_found' });
      expect(await setMerchantSeckillStatus(m, { id: o.product_id, status: 1 })).toEqual({ product_id: o.product_id, status: 1 });
      expect(await listed()).toContain(o.product_id);
      const shown = await getSeckillDetail(visitorContext(d), { id: o.product_id });
      expect(shown).toMatchObject({ seckill_status: 1, once_pay_count: 2, all_pay_count: 4, origin_product_id: origin.product_id });
      expect(Object.keys(shown.sku).sort()).toEqual(['灰色', '红色']);
      expect((await listMerchantSeckills(m, { status: '1' })).list.map((x) => x.product_id)).toContain(o.product_id);
      expect((await getMerchantSeckill(m, { id: o.product_id })).seckill_status).toBe(1);

      // A shopper buys it at the flash-sale price; a cancel gives the piece back to the offer, not to the product.
      const s = await newShopper(d);
      const { order } = await placeOrder(s, [await seckillLine(s, buyable(o, '灰色', 3), 2)]);
      expect(order).toMatchObject({ pay_price: '119.80' });
      expect(await skuStock(d, o.attrValue[0]!.unique)).toBe(8);
      await cancelOrder(s, { id: order.order_id });
      expect(await skuStock(d, o.attrValue[0]!.unique)).toBe(10);
      expect(await skuStock(d, uniqueOf(origin, '灰色'))).toBe(40);

      // Off again: gone from the list and its page.
      const seq2 = changeSequence(d.db);
      await setMerchantSeckillStatus(m, { id: o.product_id, status: 0 });
      expect(changedSince(d.db, seq2, listShown)).toBe(true);
      expect(await listed()).not.toContain(o.product_id);
      await expect(getSeckillDetail(visitorContext(d), { id: o.product_id })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('through the route, ¥39.90 stays ¥39.90 (the body is parsed once)', async () => {
      const d = await open();
      const m = await asMerchant(d, 4);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const made = await callRoute(d, createRoute, 4, {
        body: offerBody(origin, session, {
          attrValue: [
            { unique: uniqueOf(origin, '灰色'), price: '39.90', stock: 1 },
            { unique: uniqueOf(origin, '红色'), price: '39.90', stock: 0 },
          ],
        }),
      });
      expect(made.http).toBe(200);
      const o = made.body.data as MerchantSeckillDto;
      expect(o.price).toBe('39.90');
      const edited = await callRoute(d, updateRoute, 4, {
        params: { id: String(o.product_id) },
        body: { attrValue: [{ unique: o.attrValue[0]!.unique, price: '29.90' }] },
      });
      expect(edited.http).toBe(200);
      expect((edited.body.data as MerchantSeckillDto).attrValue.map((s) => s.price)).toEqual(['29.90', '39.90']);
      const theirs = await callRoute(d, updateRoute, 5, { params: { id: String(o.product_id) }, body: { once_pay_count: 1 } });
      expect(theirs).toMatchObject({ http: 404, body: { status: 404, message: '秒杀商品不存在' } });
    });

    it('refuses bad offers with a Chinese message and changes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 5);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const grey = uniqueOf(origin, '灰色');
      const red = uniqueOf(origin, '红色');
      const theirs = await ownProduct(d, await asMerchant(d, 6));
      const sku = (g: Record<string, unknown>, r: Record<string, unknown> = { unique: red, price: 1, stock: 1 }) => ({
        attrValue: [{ unique: grey, price: 1, stock: 1, ...g }, r],
      });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ end_day: inDays(-1), start_day: inDays(-2) }, 400, SECKILL_TEXT.past],
        // More than 10 years ahead: the year 9999 was taken as a flash sale that never ends.
        [{ end_day: '9999-12-31' }, 400, SECKILL_TEXT.far],
        [{ end_day: inDays(3660) }, 400, SECKILL_TEXT.far],
        [{ start_day: inDays(3), end_day: inDays(2) }, 400, SECKILL_TEXT.days],
        [{ start_day: '2026-02-30' }, 400, '开始日期（start_day）不是有效的日期'],
        [{ seckill_time_id: 999 }, 400, SECKILL_TEXT.session],
        [{ once_pay_count: 5, all_pay_count: 4 }, 400, SECKILL_TEXT.caps],
        [{ once_pay_count: 0 }, 400, SECKILL_TEXT.onceZero],
        [sku({ price: 0 }), 400, SECKILL_TEXT.priceZero(grey)],
        [sku({ price: '129.01' }), 400, SECKILL_TEXT.priceHigh(grey, '129.00')],
        [sku({ price: '1.234' }), 400, '秒杀价格式不正确，最多两位小数'],
        [sku({ stock: 51 }), 400, SECKILL_TEXT.originShort(grey, 50)],
        [sku({ stock: -1 }), 400, '秒杀库存不能小于0'],
        [sku({ stock: 0 }, { unique: red, price: 1, stock: 0 }), 400, SECKILL_TEXT.noStock],
        [{ attrValue: [{ unique: grey, price: 1, stock: 1 }] }, 400, SECKILL_TEXT.skuLeftOut(red)],
        [sku({}, { unique: grey, price: 1, stock: 1 }), 400, PRODUCT_TEXT.skuRepeated(grey)],
        [sku({}, { unique: 'nope', price: 1, stock: 1 }), 400, PRODUCT_TEXT.skuMissing('nope')],
        [{ origin_product_id: theirs.product_id }, 404, '商品不存在'],
      ];
      const before = (await listMerchantSeckills(m)).count;
      for (const [extra, http, message] of cases) {
        const done = await callRoute(d, createRoute, 5, { body: offerBody(origin, session, extra) });
        expect(done, JSON.stringify(extra)).toMatchObject({ http, body: { status: http, message } });
      }
      expect((await listMerchantSeckills(m)).count).toBe(before);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);
      expect(await skuStock(d, grey)).toBe(50);
    });
  });

  describe('a shop manages its flash sales', () => {
    it('edits days, caps and prices; moves stock to and from the product by add; another shop sees none of it', async () => {
      const d = await open();
      const m = await asMerchant(d, 7);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const o = await createMerchantSeckill(m, offerBody(origin, session, { status: 1 }));
      const [grey, red] = [o.attrValue[0]!.unique, o.attrValue[1]!.unique];
      const pageShown = new Set<string>();
      await collectShown(pageShown, () => getSeckillDetail(visitorContext(d), { id: o.product_id }));
      const seq = changeSequence(d.db);

      const edited = await updateMerchantSeckill(m, {
        id: String(o.product_id),
        end_day: inDays(7),
        all_pay_count: 6,
        attrValue: [
          { unique: grey, price: '49.90', add: 5 },
          { unique: red, add: -5 },
        ],
      });
      expect(edited).toMatchObject({
        start_day: today(),
        end_day: inDays(7),
        once_pay_count: 2,
        all_pay_count: 6,
        price: '49.90',
        stock: 15,
      });
      expect(edited.attrValue.map((s) => [s.sku, s.price, s.stock, s.origin_stock])).toEqual([
        ['灰色', '49.90', 15, 35],
        ['红色', '69.00', 0, 30],
      ]);
      expect((await productRow(d, origin.product_id)).stock).toBe(65);
      expect(changedSince(d.db, seq, pageShown)).toBe(true);
      const shown = await getSeckillDetail(visitorContext(d), { id: o.product_id });
      expect(shown).toMatchObject({ end_day: inDays(7), all_pay_count: 6 });
      expect(shown.sku['灰色']).toMatchObject({ price: '49.90', stock: 15 });

      const refusals: [Record<string, unknown>, string][] = [
        [{ attrValue: [{ unique: red, add: -1 }] }, SECKILL_TEXT.stockBelowZero(red, 0)],
        [{ attrValue: [{ unique: grey, add: 36 }] }, SECKILL_TEXT.originShort(grey, 35)],
        [{ attrValue: [{ unique: grey, price: '129.01' }] }, SECKILL_TEXT.priceHigh(grey, '129.00')],
        [{ attrValue: [{ unique: uniqueOf(origin, '灰色'), add: 1 }] }, PRODUCT_TEXT.skuMissing(uniqueOf(origin, '灰色'))],
        [
          {
            attrValue: [
              { unique: grey, add: 1 },
              { unique: red, add: -1 },
            ],
          },
          SECKILL_TEXT.stockBelowZero(red, 0),
        ],
        [{ start_day: inDays(8) }, SECKILL_TEXT.days],
        [{ once_pay_count: 7 }, SECKILL_TEXT.caps],
        [{}, '请填写要修改的内容'],
      ];
      for (const [body, message] of refusals) {
        await expect(updateMerchantSeckill(m, { id: o.product_id, ...body }), JSON.stringify(body)).rejects.toMatchObject({
          code: 'invalid',
          message,
        });
      }
      expect(await getMerchantSeckill(m, { id: o.product_id })).toEqual(edited);
      // Two edits of different fields at once: both stand.
      await Promise.all([
        updateMerchantSeckill(m, { id: o.product_id, once_pay_count: 3 }),
        updateMerchantSeckill(m, { id: o.product_id, end_day: inDays(9) }),
      ]);
      expect(await getMerchantSeckill(m, { id: o.product_id })).toMatchObject({ once_pay_count: 3, end_day: inDays(9), all_pay_count: 6 });

      const other = await asMerchant(d, 8);
      for (const call of [
        () => getMerchantSeckill(other, { id: o.product_id }),
        () => updateMerchantSeckill(other, { id: o.product_id, attrValue: [{ unique: grey, add: -1 }] }),
        () => setMerchantSeckillStatus(other, { id: o.product_id, status: 0 }),
        // An ordinary product is not an offer, even the shop's own.
        () => getMerchantSeckill(m, { id: origin.product_id }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'not_found', message: '秒杀商品不存在' });
      }
      expect((await listMerchantSeckills(other)).list.map((x) => x.product_id)).not.toContain(o.product_id);
      expect((await productRow(d, o.product_id)).status).toBe(1);
      expect(await skuStock(d, grey)).toBe(15);
    });

    it('adding stock while shoppers buy the offer and the product itself: every sale and every addition counts, once', async () => {
      const d = await open();
      const m = await asMerchant(d, 12);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const o = await createMerchantSeckill(
        m,
        offerBody(origin, session, {
          status: 1,
          once_pay_count: 1,
          all_pay_count: 1,
          attrValue: [
            { unique: uniqueOf(origin, '灰色'), price: '9.9', stock: 3 },
            { unique: uniqueOf(origin, '红色'), price: '9.9', stock: 0 },
          ],
        }),
      );
      const grey = buyable(o, '灰色', 12);
      const own = { productId: origin.product_id, unique: uniqueOf(origin, '灰色'), merId: 12, price: 12900, stock: 47 };
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper(d)));
      const lines = await Promise.all(shoppers.map((s, i) => (i < 8 ? seckillLine(s, grey, 1) : addLine(s, own, 1))));
      const restock = () => updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: grey.unique, add: 2 }] });
      const results = await Promise.allSettled([...shoppers.map((s, i) => placeOrder(s, [lines[i]!])), restock(), restock(), restock()]);
      expect(results.slice(10).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const offerOrders = results.slice(0, 8);
      for (const r of offerOrders) if (r.status === 'rejected') expect(String(r.reason?.message)).toContain('库存不足');
      expect(results.slice(8, 10).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const sold = offerOrders.filter((r) => r.status === 'fulfilled').length;
      expect(sold).toBeGreaterThanOrEqual(3);
      // The offer: 3 + 3 × 2 = 9 to sell; the product's own grey: 50 − 9 moved − 2 bought.
      const [offerSku] = await d.db.select().from(productSku).where(eq(productSku.unique, grey.unique));
      expect(offerSku).toMatchObject({ stock: 9 - sold, sales: sold });
      expect(await skuStock(d, own.unique)).toBe(39);
      expect((await productRow(d, o.product_id)).stock).toBe(9 - sold);
      expect((await productRow(d, origin.product_id)).stock).toBe(39 + 30);
    });
  });
  describe('when a flash sale ends', () => {
    it('the stock left goes back to the product once, even run twice or twice at once; a later cancel goes back too', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const o = await createMerchantSeckill(m, offerBody(origin, session, { status: 1 }));
      const [grey, red] = [o.attrValue[0]!.unique, o.attrValue[1]!.unique];
      // A shopper holds two grey, unpaid, past the end.
      const s = await newShopper(d);
      const { order } = await placeOrder(s, [await seckillLine(s, buyable(o, '灰色', 13), 2)]);
      expect((await productRow(d, origin.product_id)).stock).toBe(65);

      // A minute before the end: nothing is due, and the handler run early moves nothing.
      const end = endOfToday();
      expect((await runEndJobs(d, end - 60_000)).claimed).toBe(0);
      await endHandler(d, o.product_id, end - 60_000);
      expect(await skuStock(d, grey)).toBe(8);

      const originShown = new Set<string>();
      await collectShown(originShown, () => getProductDetail(visitorContext(d), { id: origin.product_id }));
      const seq = changeSequence(d.db);
      vi.setSystemTime(new Date(end + 60_000));
      // The queued job and another runner at once: 8 grey and 5 red go back once.
      await Promise.all([runEndJobs(d, end + 60_000), endHandler(d, o.product_id, end + 60_000)]);
      expect([await skuStock(d, grey), await skuStock(d, red)]).toEqual([0, 0]);
      expect([await skuStock(d, uniqueOf(origin, '灰色')), await skuStock(d, uniqueOf(origin, '红色'))]).toEqual([48, 30]);
      expect((await productRow(d, origin.product_id)).stock).toBe(78);
      expect((await productRow(d, o.product_id)).stock).toBe(0);
      expect(changedSince(d.db, seq, originShown)).toBe(true);
      expect((await getProductDetail(visitorContext(d), { id: origin.product_id })).stock).toBe(78);
      const seen = await getMerchantSeckill(m, { id: o.product_id });
      expect(seen).toMatchObject({ seckill_status: -1, stock: 0 });
      expect(seen.attrValue.map((x) => [x.sku, x.stock, x.origin_stock])).toEqual([
        ['灰色', 0, 48],
        ['红色', 0, 30],
      ]);
      // Run again: nothing more moves.
      await endHandler(d, o.product_id, end + 60_000);
      expect((await runEndJobs(d, end + 60_000)).claimed).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(78);

      // The shopper's order is cancelled after the end: its two grey end up on the product, not on the ended offer.
      await cancelOrder(s, { id: order.order_id });
      await runEndJobs(d, end + 60_000);
      expect(await skuStock(d, grey)).toBe(0);
      expect(await skuStock(d, uniqueOf(origin, '灰色'))).toBe(50);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);
      expect((await getProductDetail(visitorContext(d), { id: origin.product_id })).stock).toBe(80);
    });

    it('an end moved later: the first end moves nothing, the new one does; housekeeping sweeps an ended offer no job was queued for', async () => {
      const d = await open();
      const m = await asMerchant(d, 14);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const o = await createMerchantSeckill(m, offerBody(origin, session));
      await updateMerchantSeckill(m, { id: o.product_id, end_day: inDays(1) });
      const end = endOfToday();
      await runEndJobs(d, end + 60_000);
      expect((await productRow(d, o.product_id)).stock).toBe(15);
      expect((await productRow(d, origin.product_id)).stock).toBe(65);
      await runEndJobs(d, end + 86400_000 + 60_000);
      expect((await productRow(d, o.product_id)).stock).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);

      // An offer from before the job (none queued): the hourly housekeeping returns its stock once it has ended.
      const other = (await listMerchantSeckillSessions(m)).list.find((x) => x.seckill_time_id !== session)!.seckill_time_id;
      const old = await createMerchantSeckill(m, offerBody(origin, other));
      await d.db.delete(job).where(and(eq(job.kind, 'activity.end'), sql`${job.payload}->>'productId' = ${String(old.product_id)}`));
      await housekeeping.run({}, { db: d.db, job: {} as JobRow, now: new Date(end - 60_000) });
      expect((await productRow(d, old.product_id)).stock).toBe(15);
      await housekeeping.run({}, { db: d.db, job: {} as JobRow, now: new Date(end + 60_000) });
      expect((await productRow(d, old.product_id)).stock).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);
    });
  });
  describe('one product, one session: flash-sale days do not overlap', () => {
    it('refuses a second offer of the product sharing a day in the same session, also by update; allows other days and sessions', async () => {
      const d = await open();
      const m = await asMerchant(d, 15);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const other = (await listMerchantSeckillSessions(m)).list.find((x) => x.seckill_time_id !== session)!.seckill_time_id;
      const small = (extra: Record<string, unknown>) =>
        offerBody(origin, session, {
          attrValue: [
            { unique: uniqueOf(origin, '灰色'), price: '59.90', stock: 1 },
            { unique: uniqueOf(origin, '红色'), price: 69, stock: 0 },
          ],
          ...extra,
        });
      // Off the shelf (the default), it still counts.
      const a = await createMerchantSeckill(m, small({ start_day: today(), end_day: inDays(2) }));
      const stockBefore = (await productRow(d, origin.product_id)).stock;
      for (const days of [
        { start_day: today(), end_day: today() },
        { start_day: inDays(2), end_day: inDays(5) },
        { start_day: today(), end_day: inDays(9) },
      ]) {
        await expect(createMerchantSeckill(m, small(days)), JSON.stringify(days)).rejects.toMatchObject({
          code: 'invalid',
          message: SECKILL_TEXT.overlap(a.product_id, today(), inDays(2)),
        });
      }
      expect((await productRow(d, origin.product_id)).stock).toBe(stockBefore);
      // Later days in the session, or the same days in another session: allowed.
      const b = await createMerchantSeckill(m, small({ start_day: inDays(3), end_day: inDays(4) }));
      const c = await createMerchantSeckill(m, small({ seckill_time_id: other, start_day: today(), end_day: inDays(2) }));
      // Moving b's days or c's session onto a's: refused, and nothing changes.
      await expect(updateMerchantSeckill(m, { id: b.product_id, start_day: inDays(2) })).rejects.toMatchObject({
        code: 'invalid',
        message: SECKILL_TEXT.overlap(a.product_id, today(), inDays(2)),
      });
      await expect(updateMerchantSeckill(m, { id: c.product_id, seckill_time_id: session })).rejects.toMatchObject({
        code: 'invalid',
        message: SECKILL_TEXT.overlap(a.product_id, today(), inDays(2)),
      });
      expect(await getMerchantSeckill(m, { id: b.product_id })).toMatchObject({ start_day: inDays(3), end_day: inDays(4) });
      // An offer's own days do not count against it.
      await updateMerchantSeckill(m, { id: a.product_id, end_day: inDays(1) });
      await updateMerchantSeckill(m, { id: b.product_id, start_day: inDays(2) });
    });

    it('two offers of one product for the same days created at once: exactly one is made', async () => {
      const d = await open();
      const m = await asMerchant(d, 16);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const results = await Promise.allSettled([
        createMerchantSeckill(m, offerBody(origin, session)),
        createMerchantSeckill(m, offerBody(origin, session)),
        createMerchantSeckill(m, offerBody(origin, session, { start_day: inDays(1), end_day: inDays(1) })),
      ]);
      const made = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(made).toHaveLength(2);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toMatchObject({ code: 'invalid', message: expect.stringContaining('日期不能重叠') });
      const offers = await d.db.select().from(seckillProduct).where(eq(seckillProduct.originProductId, origin.product_id));
      expect(offers).toHaveLength(2);
      // The refused one took no stock: 80 − 2 × 15.
      expect((await productRow(d, origin.product_id)).stock).toBe(50);
    });
  });
  describe('an offer SKU whose product SKU the shop removed', () => {
    it('a negative add writes its pieces off, a positive one is refused; at the end they stay on the offer', async () => {
      const d = await open();
      const m = await asMerchant(d, 17);
      const origin = await ownProduct(d, m);
      const session = await runningSession(m);
      const o = await createMerchantSeckill(m, offerBody(origin, session));
      const [grey, red] = [o.attrValue[0]!.unique, o.attrValue[1]!.unique];
      await dropSku(m, origin.product_id, '红色');
      expect((await productRow(d, origin.product_id)).stock).toBe(40);

      await expect(updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: red, add: 1 }] })).rejects.toMatchObject({
        code: 'invalid',
        message: SECKILL_TEXT.originGone(red),
      });
      await expect(updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: red, add: -6 }] })).rejects.toMatchObject({
        code: 'invalid',
        message: SECKILL_TEXT.stockBelowZero(red, 5),
      });
      const edited = await updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: red, add: -2 }] });
      expect(edited.attrValue.map((x) => [x.sku, x.stock, x.origin_unique])).toEqual([
        ['灰色', 10, uniqueOf(origin, '灰色')],
        ['红色', 3, ''],
      ]);
      expect(edited.stock).toBe(13);
      expect((await productRow(d, origin.product_id)).stock).toBe(40);

      // At the end the grey goes back; the red has nowhere to go and stays, for the shop to write off.
      const end = endOfToday();
      vi.setSystemTime(new Date(end + 60_000));
      await runEndJobs(d, end + 60_000);
      await housekeeping.run({}, { db: d.db, job: {} as JobRow, now: new Date(end + 60_000) });
      expect([await skuStock(d, grey), await skuStock(d, red)]).toEqual([0, 3]);
      expect((await productRow(d, origin.product_id)).stock).toBe(50);
      // Ended, it takes no more pieces from the product.
      await expect(updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: grey, add: 1 }] })).rejects.toMatchObject({
        code: 'invalid',
        message: SECKILL_TEXT.ended,
      });
      await updateMerchantSeckill(m, { id: o.product_id, attrValue: [{ unique: red, add: -3 }] });
      expect((await productRow(d, o.product_id)).stock).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(50);
    });
  });
}
