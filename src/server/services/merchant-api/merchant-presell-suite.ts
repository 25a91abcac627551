// A shop's own presales through the merchant API, on a real database: run on PGlite (merchant-presell.test.ts) and on
// PostgreSQL 15 (merchant-presell.postgres.test.ts), where a merchant's stock change and shoppers' orders really race on
// a pool of connections. Each test makes its own product and presale and asserts on them only. The clock is held still
// at the moment the test starts (whole seconds, as the API's times are) and moved on where a test says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  asMerchant,
  callRoute,
  depositPresellBody as depositBody,
  dropSku,
  fullPresellBody as fullBody,
  mallTimeIn as at,
  twoSkuProduct,
  uniqueOf,
} from '../../../../tests/helpers/merchant-api.ts';
import { addLine, newShopper, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { presell, presellOrder, product, productAttr, productContent, productSku, storeOrder } from '../../db/schema/index.ts';
import { POST as createRoute } from '../../../pages/api/merchant/presell/create.ts';
import { POST as updateRoute } from '../../../pages/api/merchant/presell/update/[id].ts';
import { changeSequence, changedSince } from '../cache.ts';
import { collectShown } from '../cache-tags.ts';
import { createCart } from '../cart/create-cart.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { appJobs } from '../../jobs/registry.ts';
import { runDueJobs, type JobRow } from '../../jobs/runner.ts';
import { cancelOrder } from '../order/cancel-order.ts';
import { payOrder } from '../payment/pay-order.ts';
import { getPresellDetail } from '../promotion/get-presell-detail.ts';
import { listPresells } from '../promotion/list-presells.ts';
import type { MerchantContext } from './context.ts';
import { PRESELL_TEXT, createMerchantPresell, setMerchantPresellStatus, updateMerchantPresell } from './presell-writes.ts';
import { getMerchantPresell, listMerchantPresells, type MerchantPresellDto } from './presells.ts';
import { PRODUCT_TEXT } from './product-writes.ts';
import type { MerchantProductDto } from './products.ts';

const ownProduct = (d: Database, m: MerchantContext) => twoSkuProduct(d, m, '预售测试保温杯');

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const skuStock = async (d: Database, unique: string) =>
  (await d.db.select({ stock: productSku.stock }).from(productSku).where(eq(productSku.unique, unique)))[0]!.stock;
const productRow = async (d: Database, id: number) => (await d.db.select().from(product).where(eq(product.productId, id)))[0]!;
/** A "buy now" line of a presale SKU, as its page adds it (`product_id` is the presale's id). */
const presellLine = async (s: Shopper, p: MerchantPresellDto, sku: string, n: number) =>
  (
    await createCart(s, {
      product_id: p.product_presell_id,
      product_attr_unique: uniqueOf(p, sku),
      cart_num: n,
      is_new: 1,
      product_type: 2,
    })
  ).cart_id;

/** A shopper's deposit order of `n` pieces of `sku`, paid from their balance: the store order and its balance row. */
async function bookDeposit(d: Database, p: MerchantPresellDto, sku: string, n: number) {
  const s = await newShopper(d);
  await topUp(d, s.user.uid, 1_000_000);
  const { order } = await placeOrder(s, [await presellLine(s, p, sku, n)]);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, o!.orderId));
  return { s, payPrice: order.pay_price, order: o!, balance: po! };
}

/** The `activity.end` jobs due at `at` run (only that kind: other tests' jobs stay as they are). */
const runEndJobs = (d: Database, at: number) =>
  runDueJobs(d.db, { 'activity.end': appJobs['activity.end']! }, { worker: 'presell-test', now: new Date(at), limit: 100 });
/** The `activity.end` handler run directly for presale product `productId` at `at` (as a second runner would). */
const endHandler = (d: Database, productId: number, at: number) =>
  appJobs['activity.end']!.run({ productId }, { db: d.db, job: {} as JobRow, now: new Date(at) });

export function merchantPresellSuite(open: () => Promise<Database>) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Math.floor(Date.now() / 1000) * 1000));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('a shop puts its product into a presale', () => {
    it('builds the presale as the seed does, reserves its stock, and a shopper pays its deposit and then its balance', async () => {
      const d = await open();
      const m = await asMerchant(d, 3);
      const origin = await ownProduct(d, m);
      const listShown = new Set<string>();
      await collectShown(listShown, () => listPresells(visitorContext(d), { type: 1, limit: 100 }));
      const originShown = new Set<string>();
      await collectShown(originShown, () => getProductDetail(visitorContext(d), { id: origin.product_id }));
      const seq = changeSequence(d.db);
      const start = Date.now();

      const p = await createMerchantPresell(m, depositBody(origin));
      expect(p).toMatchObject({
        origin_product_id: origin.product_id,
        store_name: origin.store_name,
        presell_type: 2,
        start_time: at(-HOUR),
        end_time: at(DAY),
        final_start_time: at(DAY),
        final_end_time: at(3 * DAY),
        delivery_type: 1,
        delivery_day: 5,
        pay_count: 3,
        price: '99.00',
        ot_price: '129.00',
        down_price: '20.00',
        stock: 15,
        sales: 0,
        status: 0,
        presell_status: 1,
        attr: [{ value: '颜色', detail: ['灰色', '红色'] }],
      });
      expect(
        p.attrValue.map((s) => [s.sku, s.price, s.down_price, s.final_price, s.ot_price, s.stock, s.origin_unique, s.origin_stock]),
      ).toEqual([
        ['灰色', '99.00', '20.00', '79.00', '129.00', 10, uniqueOf(origin, '灰色'), 40],
        ['红色', '109.50', '30.50', '79.00', '139.50', 5, uniqueOf(origin, '红色'), 25],
      ]);
      expect(await getMerchantPresell(m, { id: p.product_presell_id })).toEqual(p);
      // The seed's structure: a type-2 copy of the product row, its details and specs, one SKU per SKU, the presell row.
      const row = await productRow(d, p.product_id);
      const originRow = await productRow(d, origin.product_id);
      expect(row).toMatchObject({
        productType: 2,
        merId: 3,
        storeName: origin.store_name,
        cateId: originRow.cateId,
        image: originRow.image,
        sliderImage: originRow.sliderImage,
        price: 9900,
        otPrice: 12900,
        stock: 15,
        status: 0,
      });
      expect(originRow.stock).toBe(65);
      const [content] = await d.db.select().from(productContent).where(eq(productContent.productId, p.product_id));
      expect(content!.content).toBe(origin.content);
      expect(await d.db.select().from(productAttr).where(eq(productAttr.productId, p.product_id))).toHaveLength(1);
      const skus = await d.db.select().from(productSku).where(eq(productSku.productId, p.product_id));
      expect(skus.map((s) => [s.sku, s.price, s.downPrice, s.otPrice]).sort()).toEqual([
        ['灰色', 9900, 2000, 12900],
        ['红色', 10950, 3050, 13950],
      ]);
      expect((await d.db.select().from(presell).where(eq(presell.productPresellId, p.product_presell_id)))[0]).toMatchObject({
        productId: p.product_id,
        originProductId: origin.product_id,
        storeName: origin.store_name,
        presellType: 2,
        startTime: new Date(start - HOUR),
        endTime: new Date(start + DAY),
        finalStartTime: new Date(start + DAY),
        finalEndTime: new Date(start + 3 * DAY),
        deliveryType: 1,
        deliveryDay: 5,
        payCount: 3,
        status: true,
      });
      // Shown pages are dropped: the presale lists, and the product's own page (its stock went down).
      expect(changedSince(d.db, seq, listShown)).toBe(true);
      expect(changedSince(d.db, seq, originShown)).toBe(true);
      expect(changedSince(d.db, seq, ['merchant:3'])).toBe(false);

      // Off the shelf until the shop puts it on.
      const listed = async () => (await listPresells(visitorContext(d), { type: 1, limit: 100 })).list.map((x) => x.product_presell_id);
      expect(await listed()).not.toContain(p.product_presell_id);
      await expect(getPresellDetail(visitorContext(d), { id: p.product_presell_id })).rejects.toMatchObject({ code: 'not_found' });
      expect(await setMerchantPresellStatus(m, { id: p.product_presell_id, status: 1 })).toEqual({
        product_presell_id: p.product_presell_id,
        product_id: p.product_id,
        status: 1,
      });
      expect(await listed()).toContain(p.product_presell_id);
      const card = (await listPresells(visitorContext(d), { type: 1, limit: 100 })).list.find(
        (x) => x.product_presell_id === p.product_presell_id,
      );
      expect(card).toMatchObject({ price: '99.00', down_price: '20.00', presell_type: 2, stock: 15, end_time: at(DAY) });
      const shown = await getPresellDetail(visitorContext(d), { id: p.product_presell_id });
      expect(shown).toMatchObject({ presell_type: 2, presell_status: 1, minNum: '20.00', pay_count: 3, final_start_time: at(DAY) });
      expect(shown.product.sku['灰色']).toMatchObject({ price: '99.00', down_price: '20.00', stock: 10 });
      expect((await listMerchantPresells(m, { status: '1', type: 1 })).list.map((x) => x.product_presell_id)).toContain(
        p.product_presell_id,
      );
      expect((await listMerchantPresells(m, { type: 0 })).list.map((x) => x.product_presell_id)).not.toContain(p.product_presell_id);

      // A shopper books two grey at the deposit: the order waits for its balance in the presale's window.
      const { s, payPrice, order, balance } = await bookDeposit(d, p, '灰色', 2);
      expect(payPrice).toBe('40.00');
      expect(order).toMatchObject({ paid: true, status: 10 });
      expect(balance).toMatchObject({ paid: 0, status: 1, payPrice: 2 * 9900 - 4000, finalStartTime: new Date(start + DAY) });
      expect(await skuStock(d, uniqueOf(p, '灰色'))).toBe(8);
      expect(await skuStock(d, uniqueOf(origin, '灰色'))).toBe(40);
      await expect(payOrder(s, { id: order.orderId, subject: 'presell', type: 'balance' })).rejects.toThrow('尚未到尾款支付时间');
      // The next day, in the balance window: the balance is paid and the order is to ship.
      vi.setSystemTime(new Date(start + DAY + HOUR));
      await payOrder(s, { id: order.orderId, subject: 'presell', type: 'balance' });
      const [paid] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, order.orderId));
      expect(paid).toMatchObject({ status: 0, payPrice: 2 * 9900 });
      vi.setSystemTime(new Date(start));

      // Off again: gone from the list and its page.
      const seq2 = changeSequence(d.db);
      await setMerchantPresellStatus(m, { id: p.product_presell_id, status: 0 });
      expect(changedSince(d.db, seq2, listShown)).toBe(true);
      expect(await listed()).not.toContain(p.product_presell_id);
      await expect(getPresellDetail(visitorContext(d), { id: p.product_presell_id })).rejects.toMatchObject({ code: 'not_found' });
    });

    it('through the route, ¥39.90 stays ¥39.90 (the body is parsed once); another shop gets a 404', async () => {
      const d = await open();
      const m = await asMerchant(d, 4);
      const origin = await ownProduct(d, m);
      const made = await callRoute(d, createRoute, 4, {
        body: fullBody(origin, 1, {
          attrValue: [
            { unique: uniqueOf(origin, '灰色'), price: '39.90', stock: 1 },
            { unique: uniqueOf(origin, '红色'), price: '39.90', stock: 0 },
          ],
        }),
      });
      expect(made.http).toBe(200);
      const p = made.body.data as MerchantPresellDto;
      expect(p).toMatchObject({ price: '39.90', down_price: '0.00', presell_type: 1, final_start_time: null, final_end_time: null });
      const edited = await callRoute(d, updateRoute, 4, {
        params: { id: String(p.product_presell_id) },
        body: { attrValue: [{ unique: uniqueOf(p, '灰色'), price: '29.90' }] },
      });
      expect(edited.http).toBe(200);
      expect((edited.body.data as MerchantPresellDto).attrValue.map((s) => s.price)).toEqual(['29.90', '39.90']);
      const theirs = await callRoute(d, updateRoute, 5, { params: { id: String(p.product_presell_id) }, body: { pay_count: 1 } });
      expect(theirs).toMatchObject({ http: 404, body: { status: 404, message: '预售商品不存在' } });
    });

    it('refuses bad presales with a Chinese message and changes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 5);
      const origin = await ownProduct(d, m);
      const grey = uniqueOf(origin, '灰色');
      const red = uniqueOf(origin, '红色');
      const theirs = await ownProduct(d, await asMerchant(d, 6));
      const sku = (g: Record<string, unknown>, r: Record<string, unknown> = { unique: red, price: 2, down_price: 1, stock: 1 }) => ({
        attrValue: [{ unique: grey, price: 2, down_price: 1, stock: 1, ...g }, r],
      });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ start_time: at(-2 * DAY), end_time: at(-DAY) }, 400, PRESELL_TEXT.past],
        // More than 10 years ahead: the year 9999 was taken as a presale that never ends.
        [{ end_time: '9999-12-31 23:59:59' }, 400, PRESELL_TEXT.far],
        [{ final_start_time: at(2 * DAY), final_end_time: '9999-12-31 23:59:59' }, 400, PRESELL_TEXT.finalFar],
        [{ start_time: at(DAY), end_time: at(DAY) }, 400, PRESELL_TEXT.window],
        [{ start_time: '2026-02-30 10:00:00' }, 400, '开始时间（start_time）不是有效的时间'],
        [{ end_time: 'tomorrow' }, 400, '结束时间（end_time）格式不正确，应为 YYYY-MM-DD HH:mm:ss'],
        [{ presell_type: 3 }, 400, '预售类型（presell_type）只能是1（全款）或2（定金+尾款）'],
        // Not numbers: coercion would read true as 1 (a full-payment presale) and [] as 0.
        [{ presell_type: true }, 400, '预售类型（presell_type）只能是1（全款）或2（定金+尾款）'],
        [{ delivery_type: true }, 400, '发货方式（delivery_type）只能是1（付款后发货）或2（预售结束后发货）'],
        [{ delivery_day: [[7]] }, 400, '发货天数（delivery_day）必须是整数'],
        [{ final_start_time: '', final_end_time: '' }, 400, PRESELL_TEXT.finalMissing],
        [{ final_start_time: at(DAY - 1000) }, 400, PRESELL_TEXT.finalEarly],
        [{ final_end_time: at(DAY) }, 400, PRESELL_TEXT.finalWindow],
        [{ presell_type: 1, ...sku({ down_price: 0 }, { unique: red, price: 2, stock: 1 }) }, 400, PRESELL_TEXT.finalForFull],
        [{ delivery_day: 0 }, 400, '发货天数（delivery_day）至少为1天'],
        [{ delivery_day: 91 }, 400, '发货天数（delivery_day）不能超过90天'],
        [{ delivery_type: 3 }, 400, '发货方式（delivery_type）只能是1（付款后发货）或2（预售结束后发货）'],
        [{ pay_count: -1 }, 400, '限购数量（pay_count）不能小于0'],
        [sku({ price: 0 }), 400, PRESELL_TEXT.priceZero(grey)],
        [sku({ price: '129.01' }), 400, PRESELL_TEXT.priceHigh(grey, '129.00')],
        [sku({ price: '1.234' }), 400, '预售价格式不正确，最多两位小数'],
        [sku({ down_price: 2 }), 400, PRESELL_TEXT.downRange(grey, '2.00')],
        [sku({ down_price: 0 }), 400, PRESELL_TEXT.downRange(grey, '2.00')],
        [
          {
            presell_type: 1,
            final_start_time: '',
            final_end_time: '',
            ...sku({ down_price: 1 }, { unique: red, price: 2, stock: 1 }),
          },
          400,
          PRESELL_TEXT.downForFull(grey),
        ],
        [sku({ stock: 51 }), 400, PRESELL_TEXT.originShort(grey, 50)],
        [sku({ stock: -1 }), 400, '预售库存不能小于0'],
        [sku({ stock: 0 }, { unique: red, price: 2, down_price: 1, stock: 0 }), 400, PRESELL_TEXT.noStock],
        [{ attrValue: [{ unique: grey, price: 2, down_price: 1, stock: 1 }] }, 400, PRESELL_TEXT.skuLeftOut(red)],
        [sku({}, { unique: grey, price: 2, down_price: 1, stock: 1 }), 400, PRODUCT_TEXT.skuRepeated(grey)],
        [sku({}, { unique: 'nope', price: 2, down_price: 1, stock: 1 }), 400, PRODUCT_TEXT.skuMissing('nope')],
        [{ origin_product_id: theirs.product_id }, 404, '商品不存在'],
      ];
      const before = (await listMerchantPresells(m)).count;
      for (const [extra, http, message] of cases) {
        const done = await callRoute(d, createRoute, 5, { body: depositBody(origin, extra) });
        expect(done, JSON.stringify(extra)).toMatchObject({ http, body: { status: http, message } });
      }
      expect((await listMerchantPresells(m)).count).toBe(before);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);
      expect(await skuStock(d, grey)).toBe(50);
    });
  });

  describe('a shop manages its presales', () => {
    it('edits what no order holds; once a deposit is paid, keeps what its payer was promised; another shop sees none of it', async () => {
      const d = await open();
      const m = await asMerchant(d, 7);
      const origin = await ownProduct(d, m);
      const p = await createMerchantPresell(m, depositBody(origin, { status: 1 }));
      const id = p.product_presell_id;
      const [grey, red] = [uniqueOf(p, '灰色'), uniqueOf(p, '红色')];
      const pageShown = new Set<string>();
      await collectShown(pageShown, () => getPresellDetail(visitorContext(d), { id }));
      const seq = changeSequence(d.db);

      // No order yet: anything may change.
      const edited = await updateMerchantPresell(m, {
        id: String(id),
        store_name: '预售·新款保温杯',
        end_time: at(2 * DAY),
        final_start_time: at(2 * DAY),
        final_end_time: at(4 * DAY),
        delivery_day: 10,
        pay_count: 0,
        attrValue: [
          { unique: grey, price: '89', down_price: '10', add: 5 },
          { unique: red, add: -5 },
        ],
      });
      expect(edited).toMatchObject({
        store_name: '预售·新款保温杯',
        start_time: at(-HOUR),
        end_time: at(2 * DAY),
        final_start_time: at(2 * DAY),
        final_end_time: at(4 * DAY),
        delivery_type: 1,
        delivery_day: 10,
        pay_count: 0,
        price: '89.00',
        down_price: '10.00',
        stock: 15,
      });
      expect(edited.attrValue.map((s) => [s.sku, s.price, s.down_price, s.stock, s.origin_stock])).toEqual([
        ['灰色', '89.00', '10.00', 15, 35],
        ['红色', '109.50', '30.50', 0, 30],
      ]);
      expect((await productRow(d, origin.product_id)).stock).toBe(65);
      expect(changedSince(d.db, seq, pageShown)).toBe(true);
      const shown = await getPresellDetail(visitorContext(d), { id });
      expect(shown).toMatchObject({ store_name: '预售·新款保温杯', end_time: at(2 * DAY), delivery_day: 10, minNum: '10.00' });
      expect(shown.product.sku['灰色']).toMatchObject({ price: '89.00', down_price: '10.00', stock: 15 });

      // Turned into a full-payment presale its balance window and deposits go; back to a deposit one, each SKU needs one.
      const full = await updateMerchantPresell(m, { id, presell_type: 1 });
      expect(full).toMatchObject({ presell_type: 1, final_start_time: null, final_end_time: null, down_price: '0.00' });
      expect(full.attrValue.map((s) => s.down_price)).toEqual(['0.00', '0.00']);
      await expect(
        updateMerchantPresell(m, {
          id,
          presell_type: 2,
          final_start_time: at(2 * DAY),
          final_end_time: at(4 * DAY),
          attrValue: [{ unique: grey, down_price: '10' }],
        }),
      ).rejects.toMatchObject({ code: 'invalid', message: PRESELL_TEXT.downRange(red, '109.50') });
      const again = await updateMerchantPresell(m, {
        id,
        presell_type: 2,
        final_start_time: at(2 * DAY),
        final_end_time: at(4 * DAY),
        attrValue: [
          { unique: grey, down_price: '10' },
          { unique: red, down_price: '30.50' },
        ],
      });
      expect(again).toMatchObject({ presell_type: 2, down_price: '10.00', final_end_time: at(4 * DAY) });

      const plain: [Record<string, unknown>, string][] = [
        [{ attrValue: [{ unique: red, add: -1 }] }, PRESELL_TEXT.stockBelowZero(red, 0)],
        [{ attrValue: [{ unique: grey, add: 36 }] }, PRESELL_TEXT.originShort(grey, 35)],
        [{ attrValue: [{ unique: grey, price: '129.01' }] }, PRESELL_TEXT.priceHigh(grey, '129.00')],
        [{ attrValue: [{ unique: grey, down_price: '89' }] }, PRESELL_TEXT.downRange(grey, '89.00')],
        [{ attrValue: [{ unique: uniqueOf(origin, '灰色'), add: 1 }] }, PRODUCT_TEXT.skuMissing(uniqueOf(origin, '灰色'))],
        [
          {
            attrValue: [
              { unique: grey, add: 1 },
              { unique: red, add: -1 },
            ],
          },
          PRESELL_TEXT.stockBelowZero(red, 0),
        ],
        [{ end_time: at(5 * DAY) }, PRESELL_TEXT.finalEarly],
        [{ start_time: at(3 * DAY) }, PRESELL_TEXT.window],
        [{}, '请填写要修改的内容'],
      ];
      for (const [body, message] of plain) {
        await expect(updateMerchantPresell(m, { id, ...body }), JSON.stringify(body)).rejects.toMatchObject({ code: 'invalid', message });
      }
      expect(await getMerchantPresell(m, { id })).toEqual(again);

      // A shopper pays a deposit: what they paid for and were promised stands.
      const booked = await bookDeposit(d, again, '灰色', 1);
      expect(booked.payPrice).toBe('10.00');
      const before = await getMerchantPresell(m, { id });
      const held: [Record<string, unknown>, string][] = [
        [{ presell_type: 1 }, PRESELL_TEXT.ordered('预售类型（presell_type）')],
        [{ attrValue: [{ unique: grey, price: '79' }] }, PRESELL_TEXT.ordered('预售价和定金（price、down_price）')],
        [{ attrValue: [{ unique: red, down_price: '20' }] }, PRESELL_TEXT.ordered('预售价和定金（price、down_price）')],
        [{ start_time: at(-2 * HOUR) }, PRESELL_TEXT.ordered('开始时间（start_time）')],
        [{ final_end_time: at(5 * DAY) }, PRESELL_TEXT.ordered('尾款时间（final_start_time、final_end_time）')],
        [{ delivery_type: 2 }, PRESELL_TEXT.ordered('发货方式（delivery_type）')],
        [{ end_time: at(2 * DAY - HOUR), delivery_day: 11 }, PRESELL_TEXT.deliveryLonger],
        [{ end_time: at(2 * DAY + 1000) }, PRESELL_TEXT.finalEarly],
      ];
      for (const [body, message] of held) {
        await expect(updateMerchantPresell(m, { id, ...body }), JSON.stringify(body)).rejects.toMatchObject({ code: 'invalid', message });
      }
      expect(await getMerchantPresell(m, { id })).toEqual(before);
      // Ending sooner, shipping sooner, the name, the cap and the stock still change.
      const later = await updateMerchantPresell(m, {
        id,
        end_time: at(DAY),
        delivery_day: 4,
        pay_count: 2,
        store_name: '预售·保温杯',
        attrValue: [{ unique: grey, add: 1 }],
      });
      expect(later).toMatchObject({
        end_time: at(DAY),
        final_start_time: at(2 * DAY),
        delivery_day: 4,
        pay_count: 2,
        store_name: '预售·保温杯',
      });
      expect(later.attrValue.find((s) => s.sku === '灰色')).toMatchObject({ price: '89.00', down_price: '10.00', stock: 15, sales: 1 });
      // A presale whose end was brought forward cannot be pushed back past its old end again.
      await expect(updateMerchantPresell(m, { id, end_time: at(DAY + HOUR) })).rejects.toMatchObject({ message: PRESELL_TEXT.endLater });

      // Two edits of different fields at once: both stand.
      await Promise.all([updateMerchantPresell(m, { id, pay_count: 1 }), updateMerchantPresell(m, { id, delivery_day: 3 })]);
      expect(await getMerchantPresell(m, { id })).toMatchObject({ pay_count: 1, delivery_day: 3, end_time: at(DAY) });

      const other = await asMerchant(d, 8);
      const [seeded] = await d.db
        .select({ id: presell.productPresellId })
        .from(presell)
        .innerJoin(product, eq(product.productId, presell.productId))
        .where(and(ne(product.merId, 7), ne(presell.productPresellId, id)))
        .limit(1);
      for (const call of [
        () => getMerchantPresell(other, { id }),
        () => updateMerchantPresell(other, { id, attrValue: [{ unique: grey, add: -1 }] }),
        () => setMerchantPresellStatus(other, { id, status: 0 }),
        // Another shop's presale, seeded.
        () => getMerchantPresell(m, { id: seeded!.id }),
        () => setMerchantPresellStatus(m, { id: seeded!.id, status: 0 }),
      ]) {
        await expect(call()).rejects.toMatchObject({ code: 'not_found', message: '预售商品不存在' });
      }
      expect((await listMerchantPresells(other)).list.map((x) => x.product_presell_id)).not.toContain(id);
      expect((await productRow(d, p.product_id)).status).toBe(1);
      expect(await skuStock(d, grey)).toBe(15);
    });

    it('adding stock while shoppers buy the presale and the product itself: every sale and every addition counts, once', async () => {
      const d = await open();
      const m = await asMerchant(d, 12);
      const origin = await ownProduct(d, m);
      const p = await createMerchantPresell(m, fullBody(origin, 3, { status: 1, pay_count: 1 }));
      const grey = uniqueOf(p, '灰色');
      const own = { productId: origin.product_id, unique: uniqueOf(origin, '灰色'), merId: 12, price: 12900, stock: 47 };
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper(d)));
      const lines = await Promise.all(shoppers.map((s, i) => (i < 8 ? presellLine(s, p, '灰色', 1) : addLine(s, own, 1))));
      const restock = () => updateMerchantPresell(m, { id: p.product_presell_id, attrValue: [{ unique: grey, add: 2 }] });
      const results = await Promise.allSettled([...shoppers.map((s, i) => placeOrder(s, [lines[i]!])), restock(), restock(), restock()]);
      expect(results.slice(10).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const presaleOrders = results.slice(0, 8);
      for (const r of presaleOrders) if (r.status === 'rejected') expect(String(r.reason?.message)).toContain('库存不足');
      expect(results.slice(8, 10).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const sold = presaleOrders.filter((r) => r.status === 'fulfilled').length;
      expect(sold).toBeGreaterThanOrEqual(3);
      // The presale: 3 + 3 × 2 = 9 to sell; the product's own grey: 50 − 9 moved − 2 bought.
      const [presaleSku] = await d.db.select().from(productSku).where(eq(productSku.unique, grey));
      expect(presaleSku).toMatchObject({ stock: 9 - sold, sales: sold });
      expect(await skuStock(d, own.unique)).toBe(39);
      expect((await productRow(d, p.product_id)).stock).toBe(9 - sold);
      expect((await productRow(d, origin.product_id)).stock).toBe(39 + 30);
      expect((await getMerchantPresell(m, { id: p.product_presell_id })).sales).toBe(sold);
      // A cancelled order gives its piece back to the presale, not to the product.
      const i = presaleOrders.findIndex((r) => r.status === 'fulfilled');
      const placed = presaleOrders[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>>;
      await cancelOrder(shoppers[i]!, { id: placed.value.order.order_id });
      expect(await skuStock(d, grey)).toBe(10 - sold);
      expect(await skuStock(d, own.unique)).toBe(39);
    });
  });
  describe('when a presale ends', () => {
    it('the stock left goes back to the product once, even run twice or twice at once; a later cancel goes back too', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      const origin = await ownProduct(d, m);
      const p = await createMerchantPresell(m, depositBody(origin, { status: 1 }));
      const [grey, red] = [uniqueOf(p, '灰色'), uniqueOf(p, '红色')];
      // A shopper holds two grey, the deposit unpaid, past the end.
      const s = await newShopper(d);
      const { order } = await placeOrder(s, [await presellLine(s, p, '灰色', 2)]);
      expect((await productRow(d, origin.product_id)).stock).toBe(65);

      const end = Date.now() + DAY;
      // At end_time itself the presale is still in progress: its job is not due, and the handler moves nothing.
      await runEndJobs(d, end);
      await endHandler(d, p.product_id, end);
      expect(await skuStock(d, grey)).toBe(8);

      const originShown = new Set<string>();
      await collectShown(originShown, () => getProductDetail(visitorContext(d), { id: origin.product_id }));
      const seq = changeSequence(d.db);
      vi.setSystemTime(new Date(end + 60_000));
      await Promise.all([runEndJobs(d, end + 60_000), endHandler(d, p.product_id, end + 60_000)]);
      expect([await skuStock(d, grey), await skuStock(d, red)]).toEqual([0, 0]);
      expect([await skuStock(d, uniqueOf(origin, '灰色')), await skuStock(d, uniqueOf(origin, '红色'))]).toEqual([48, 30]);
      expect((await productRow(d, origin.product_id)).stock).toBe(78);
      expect((await productRow(d, p.product_id)).stock).toBe(0);
      expect(changedSince(d.db, seq, originShown)).toBe(true);
      expect((await getProductDetail(visitorContext(d), { id: origin.product_id })).stock).toBe(78);
      expect((await getMerchantPresell(m, { id: p.product_presell_id })).attrValue.map((x) => [x.sku, x.stock, x.origin_stock])).toEqual([
        ['灰色', 0, 48],
        ['红色', 0, 30],
      ]);
      await endHandler(d, p.product_id, end + 60_000);
      expect((await runEndJobs(d, end + 60_000)).claimed).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(78);

      // The unpaid order is cancelled after the end: its two grey end up on the product.
      await cancelOrder(s, { id: order.order_id });
      await runEndJobs(d, end + 60_000);
      expect(await skuStock(d, grey)).toBe(0);
      expect(await skuStock(d, uniqueOf(origin, '灰色'))).toBe(50);
      expect((await getProductDetail(visitorContext(d), { id: origin.product_id })).stock).toBe(80);
    });

    it('an end moved later: the first end moves nothing, the new one does', async () => {
      const d = await open();
      const m = await asMerchant(d, 14);
      const origin = await ownProduct(d, m);
      const p = await createMerchantPresell(m, fullBody(origin, 10));
      await updateMerchantPresell(m, { id: p.product_presell_id, end_time: at(2 * DAY) });
      await runEndJobs(d, Date.now() + DAY + 60_000);
      expect((await productRow(d, p.product_id)).stock).toBe(10);
      await runEndJobs(d, Date.now() + 2 * DAY + 60_000);
      expect((await productRow(d, p.product_id)).stock).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(80);
    });
  });
  describe('a presale SKU whose product SKU the shop removed', () => {
    it('a negative add writes its pieces off, a positive one is refused; at the end they stay on the presale', async () => {
      const d = await open();
      const m = await asMerchant(d, 17);
      const origin = await ownProduct(d, m);
      const p = await createMerchantPresell(m, depositBody(origin));
      const [grey, red] = [uniqueOf(p, '灰色'), uniqueOf(p, '红色')];
      await dropSku(m, origin.product_id, '红色');
      expect((await productRow(d, origin.product_id)).stock).toBe(40);

      await expect(updateMerchantPresell(m, { id: p.product_presell_id, attrValue: [{ unique: red, add: 1 }] })).rejects.toMatchObject({
        code: 'invalid',
        message: PRESELL_TEXT.originGone(red),
      });
      const edited = await updateMerchantPresell(m, { id: p.product_presell_id, attrValue: [{ unique: red, add: -2 }] });
      expect(edited.attrValue.map((x) => [x.sku, x.stock, x.origin_unique])).toEqual([
        ['灰色', 10, uniqueOf(origin, '灰色')],
        ['红色', 3, ''],
      ]);
      expect(edited.stock).toBe(13);
      expect((await productRow(d, p.product_id)).stock).toBe(13);
      expect((await productRow(d, origin.product_id)).stock).toBe(40);

      const end = Date.now() + DAY;
      vi.setSystemTime(new Date(end + 60_000));
      await runEndJobs(d, end + 60_000);
      expect([await skuStock(d, grey), await skuStock(d, red)]).toEqual([0, 3]);
      expect((await productRow(d, origin.product_id)).stock).toBe(50);
      // Ended, it takes no more pieces from the product.
      await expect(updateMerchantPresell(m, { id: p.product_presell_id, attrValue: [{ unique: grey, add: 1 }] })).rejects.toMatchObject({
        code: 'invalid',
        message: PRESELL_TEXT.ended,
      });
      await updateMerchantPresell(m, { id: p.product_presell_id, attrValue: [{ unique: red, add: -3 }] });
      expect((await productRow(d, p.product_id)).stock).toBe(0);
      expect((await productRow(d, origin.product_id)).stock).toBe(50);
    });
  });
}
