// A shop's own products through the merchant API, on a real database: run on PGlite (merchant-products.test.ts) and on
// PostgreSQL 15 (merchant-products.postgres.test.ts), where a merchant's stock change and shoppers' orders really race
// on a pool of connections. Each test creates its own products and asserts on them only.
import { describe, it, expect } from 'vitest';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { media, product, productSku, storeCategory } from '../../db/schema/index.ts';
import { newShopper, addLine, placeOrder, type Sku } from '../../../../tests/helpers/checkout.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { listProducts } from '../catalogue/list-products.ts';
import { listCart } from '../cart/list-cart.ts';
import { getSitemapShard } from '../seo/sitemap.ts';
import { cancelOrder } from '../order/cancel-order.ts';
import { uploadMerchantImage } from '../media/upload-image.ts';
import type { MerchantContext } from './context.ts';
import {
  changeMerchantProductStock,
  createMerchantProduct,
  PRODUCT_TEXT,
  setMerchantProductStatus,
  updateMerchantProduct,
} from './product-writes.ts';
import { getMerchantProduct, listMerchantProducts, listProductParameters } from './products.ts';
import { createShippingTemplate, deleteShippingTemplate } from './shipping-templates.ts';

let pngSeq = 0;
/** A small PNG of its own colour (each upload is a new picture). */
const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: ++pngSeq % 255, g: 80, b: 160 } } })
      .png()
      .toBuffer(),
  );

async function leafCategory(d: Database): Promise<number> {
  const [c] = await d.db.select({ id: storeCategory.storeCategoryId }).from(storeCategory).where(eq(storeCategory.level, 3)).limit(1);
  return c!.id;
}

let nameSeq = 0;
/** A two-spec product body of the shop, with a freshly uploaded picture; `extra` overrides fields. */
async function productBody(d: Database, m: MerchantContext, extra: Record<string, unknown> = {}) {
  const { path } = await uploadMerchantImage(m, { bytes: await png() });
  return {
    store_name: `测试羊毛围巾${process.pid}x${++nameSeq}`,
    store_info: '100%羊毛，冬季保暖',
    keyword: '围巾,羊毛',
    cate_id: await leafCategory(d),
    image: path,
    content: '<p>柔软亲肤</p><script>alert(1)</script>',
    params: [{ name: '产地', value: '内蒙古' }],
    spec_type: 1,
    attr: [
      { value: '颜色', detail: ['灰色', '红色'] },
      { value: '长度', detail: ['180cm'] },
    ],
    attrValue: [
      { detail: { 颜色: '灰色', 长度: '180cm' }, price: '129.00', ot_price: '199', stock: 10 },
      { detail: { 颜色: '红色', 长度: '180cm' }, price: 139.5, stock: 5 },
    ],
    status: 1,
    ...extra,
  };
}

const skuOf = (
  p: { product_id: number; attrValue: { unique: string; price: string; stock: number; sku: string }[] },
  sku: string,
  merId: number,
): Sku => {
  const s = p.attrValue.find((x) => x.sku === sku)!;
  return { productId: p.product_id, unique: s.unique, merId, price: Math.round(Number(s.price) * 100), stock: s.stock };
};

const productRow = async (d: Database, id: number) => (await d.db.select().from(product).where(eq(product.productId, id)))[0]!;
const skuStocks = async (d: Database, id: number) =>
  (await d.db.select({ stock: productSku.stock }).from(productSku).where(eq(productSku.productId, id))).reduce((n, s) => n + s.stock, 0);

export function merchantProductsSuite(open: () => Promise<Database>) {
  describe('a shop creates and reads its products', () => {
    it('creates a two-spec product that shoppers see and find, with its SKUs, prices, stock and cleaned details', async () => {
      const d = await open();
      const m = await asMerchant(d, 3);
      const body = await productBody(d, m);
      const p = await createMerchantProduct(m, body);
      expect(p).toMatchObject({
        store_name: body.store_name,
        price: '129.00',
        ot_price: '139.50',
        stock: 15,
        status: 1,
        spec_type: 1,
        sku_count: 2,
        attr: body.attr,
        slider_image: [body.image],
      });
      expect(p.content).toBe('<p>柔软亲肤</p>');
      expect(p.attrValue.map((s) => [s.sku, s.price, s.ot_price, s.stock])).toEqual([
        ['灰色,180cm', '129.00', '199.00', 10],
        ['红色,180cm', '139.50', '139.50', 5],
      ]);
      expect(await getMerchantProduct(m, { id: p.product_id })).toEqual(p);

      const shown = await getProductDetail(visitorContext(d), { id: p.product_id });
      expect(shown).toMatchObject({ store_name: body.store_name, merchant: { mer_id: 3 } });
      expect(Object.keys(shown.sku).sort()).toEqual(['灰色,180cm', '红色,180cm']);
      expect(shown.params).toEqual([{ name: '产地', value: '内蒙古' }]);
      const found = await listProducts(visitorContext(d), { keyword: body.store_name });
      expect(found.list.map((x) => x.product_id)).toEqual([p.product_id]);
      // The list's parameter filter finds it by its value.
      const origin = (await listProductParameters(m)).list.find((x) => x.name === '产地')!;
      const filtered = await listProducts(visitorContext(d), {
        keyword: body.store_name,
        filter_params: JSON.stringify({ [origin.parameter_id]: ['内蒙古'] }),
      });
      expect(filtered.list.map((x) => x.product_id)).toEqual([p.product_id]);
      const other = await listProducts(visitorContext(d), {
        keyword: body.store_name,
        filter_params: JSON.stringify({ [origin.parameter_id]: ['云南'] }),
      });
      expect(other.count).toBe(0);

      const mine = await listMerchantProducts(m, { keyword: body.store_name });
      expect(mine).toMatchObject({ count: 1, list: [{ product_id: p.product_id, stock: 15, sku_count: 2 }] });
      await expect(getMerchantProduct(await asMerchant(d, 4), { id: p.product_id })).rejects.toMatchObject({ code: 'not_found' });
      expect((await listMerchantProducts(await asMerchant(d, 4), { keyword: body.store_name })).count).toBe(0);
    });

    it('a single-spec product is off the shelf by default: shoppers cannot open or find it until it is put on', async () => {
      const d = await open();
      const m = await asMerchant(d, 3);
      const body = await productBody(d, m, {
        spec_type: 0,
        attr: [],
        attrValue: [{ price: '59.9', stock: 3 }],
        status: undefined,
        content: '第一段\n第二段 <不是标签>',
      });
      const p = await createMerchantProduct(m, body);
      expect(p).toMatchObject({ status: 0, price: '59.90', stock: 3, spec_type: 0, attr: [] });
      expect(p.attrValue).toMatchObject([{ sku: '', detail: {}, stock: 3 }]);
      expect(p.content).toBe('<p>第一段</p><p>第二段 &lt;不是标签&gt;</p>');
      await expect(getProductDetail(visitorContext(d), { id: p.product_id })).rejects.toMatchObject({ code: 'not_found' });
      expect((await listMerchantProducts(m, { status: '0', keyword: body.store_name })).count).toBe(1);

      expect(await setMerchantProductStatus(m, { id: p.product_id, status: 1 })).toEqual({ product_id: p.product_id, status: 1 });
      expect((await getProductDetail(visitorContext(d), { id: p.product_id })).store_name).toBe(body.store_name);
      expect((await listProducts(visitorContext(d), { keyword: body.store_name })).count).toBe(1);
    });

    it('refuses bad products with a Chinese message and creates nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 5);
      const other = await asMerchant(d, 6);
      const theirs = await uploadMerchantImage(other, { bytes: await png() });
      const [level2] = await d.db
        .select({ id: storeCategory.storeCategoryId })
        .from(storeCategory)
        .where(eq(storeCategory.level, 2))
        .limit(1);
      const before = (await listMerchantProducts(m, { limit: 1 })).count;
      const cases: [Record<string, unknown>, string][] = [
        [{ store_name: '' }, '请填写商品名称'],
        [{ store_name: 'x\u001b[2J' }, '商品名称不能包含特殊控制字符'],
        [{ cate_id: level2!.id }, PRODUCT_TEXT.category],
        [{ image: theirs.path }, PRODUCT_TEXT.images],
        [{ image: 'https://evil.example/a.png' }, PRODUCT_TEXT.images],
        [{ content: `<p>看图</p><img src="${theirs.path}">` }, PRODUCT_TEXT.images],
        [{ temp_id: 999999 }, PRODUCT_TEXT.template],
        // Not numbers: coercion would read them as 0 (no template, no brand) or 1.
        [{ temp_id: [] }, '运费模板格式不正确'],
        [{ brand_id: true }, '品牌格式不正确'],
        [{ attrValue: [{ detail: { 颜色: '灰色', 长度: '180cm' }, price: '1', stock: 1, weight: [] }] }, '重量格式不正确'],
        [{ attrValue: [{ detail: { 颜色: '灰色', 长度: '180cm' }, price: '1', stock: 1, volume: ' ' }] }, '体积格式不正确'],
        [{ mer_cate_id: [999999] }, PRODUCT_TEXT.shopCategory],
        [{ attrValue: [{ detail: { 颜色: '灰色', 长度: '180cm' }, price: '1.234', stock: 1 }] }, '售价格式不正确，最多两位小数'],
        [{ attrValue: [{ detail: { 颜色: '灰色', 长度: '180cm' }, price: '1', stock: -1 }] }, '库存不能小于0'],
        [{ attrValue: [{ detail: { 颜色: '蓝色', 长度: '180cm' }, price: '1', stock: 1 }] }, PRODUCT_TEXT.skuDetail(0)],
        [{ attrValue: [{ detail: { 颜色: '灰色' }, price: '1', stock: 1 }] }, PRODUCT_TEXT.skuDetail(0)],
        [
          {
            attrValue: [
              { detail: { 颜色: '灰色', 长度: '180cm' }, price: '1', stock: 1 },
              { detail: { 长度: '180cm', 颜色: '灰色' }, price: '2', stock: 1 },
            ],
          },
          PRODUCT_TEXT.skuTwice('灰色,180cm'),
        ],
        [{ attr: [{ value: '颜色', detail: ['灰,色'] }] }, '规格值不能包含英文逗号“,”'],
        [{ attr: [{ value: '颜色', detail: ['红', '红'] }] }, PRODUCT_TEXT.valueTwice('颜色', '红')],
        [{ spec_type: 0 }, PRODUCT_TEXT.singleAttr],
        [{ spec_type: 1, attr: [] }, PRODUCT_TEXT.multiAttr],
        [{ once_min_count: 5, once_max_count: 2 }, PRODUCT_TEXT.onceCount],
        [{ params: [{ name: '魔法值', value: '9000' }] }, PRODUCT_TEXT.parameter('魔法值')],
        [
          {
            params: [
              { name: '产地', value: '云南' },
              { name: '产地', value: '福建' },
            ],
          },
          PRODUCT_TEXT.parameterTwice('产地'),
        ],
      ];
      for (const [extra, message] of cases) {
        await expect(createMerchantProduct(m, await productBody(d, m, extra)), JSON.stringify(extra)).rejects.toMatchObject({
          code: 'invalid',
          message,
        });
      }
      expect((await listMerchantProducts(m, { limit: 1 })).count).toBe(before);
    });
  });

  describe('a shop edits its products', () => {
    it('a change moves the product\u2019s sitemap lastmod to when it was made (not when the product was listed)', async () => {
      const d = await open();
      const m = await asMerchant(d, 8);
      const [seeded] = await d.db
        .select({ id: product.productId })
        .from(product)
        .where(and(eq(product.merId, 8), eq(product.status, 1), eq(product.productType, 0)))
        .orderBy(product.productId)
        .limit(1);
      const [sku] = await d.db.select({ unique: productSku.unique }).from(productSku).where(eq(productSku.productId, seeded!.id)).limit(1);
      const lastmod = async () =>
        (await getSitemapShard(visitorContext(d), { name: 'products-1' })).find((e) => e.loc === `/goods_detail/${seeded!.id}`)!.lastmod!;
      const started = Date.now();
      expect((await lastmod()).getTime()).toBeLessThan(started);
      await changeMerchantProductStock(m, { id: seeded!.id, list: [{ unique: sku!.unique, add: 1 }] });
      expect((await lastmod()).getTime()).toBeGreaterThanOrEqual(started);
    });

    it('an update keeps the unique of an unchanged SKU (a cart holding it shows the new price) and drops the one left out', async () => {
      const d = await open();
      const m = await asMerchant(d, 7);
      const body = await productBody(d, m);
      const p = await createMerchantProduct(m, body);
      const grey = skuOf(p, '灰色,180cm', 7);
      const red = skuOf(p, '红色,180cm', 7);
      const s = await newShopper(d);
      const greyLine = await addLine(s, grey, 1);
      const redLine = await addLine(s, red, 1);

      const updated = await updateMerchantProduct(m, {
        ...body,
        id: p.product_id,
        store_name: `${body.store_name}（新款）`,
        attr: [
          { value: '颜色', detail: ['灰色', '蓝色'] },
          { value: '长度', detail: ['180cm'] },
        ],
        attrValue: [
          { detail: { 颜色: '灰色', 长度: '180cm' }, price: '119', stock: 8 },
          { detail: { 颜色: '蓝色', 长度: '180cm' }, price: '149', stock: 4 },
        ],
      });
      expect(updated).toMatchObject({ store_name: `${body.store_name}（新款）`, price: '119.00', stock: 12, sku_count: 2 });
      expect(updated.attrValue.find((x) => x.sku === '灰色,180cm')!.unique).toBe(grey.unique);
      expect(updated.attrValue.some((x) => x.unique === red.unique)).toBe(false);
      expect(updated.image).toBe(body.image);

      const cart = await listCart(s);
      const lines = cart.list.flatMap((g) => g.list);
      expect(lines.find((l) => l.cart_id === greyLine)).toMatchObject({ productAttr: { price: '119.00' } });
      expect(lines.some((l) => l.cart_id === redLine)).toBe(false);
      expect(cart.fail.find((l) => l.cart_id === redLine)?.reason).toBe('规格已失效');
      const shown = await getProductDetail(visitorContext(d), { id: p.product_id });
      expect(shown.store_name).toBe(`${body.store_name}（新款）`);
      expect(Object.keys(shown.sku).sort()).toEqual(['灰色,180cm', '蓝色,180cm']);
    });

    it('off the shelf: gone for shoppers, refused at checkout; another shop cannot touch it', async () => {
      const d = await open();
      const m = await asMerchant(d, 8);
      const p = await createMerchantProduct(m, await productBody(d, m));
      const s = await newShopper(d);
      const line = await addLine(s, skuOf(p, '灰色,180cm', 8), 1);
      await expect(setMerchantProductStatus(await asMerchant(d, 9), { id: p.product_id, status: 0 })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(setMerchantProductStatus(m, { id: p.product_id, status: 2 })).rejects.toMatchObject({
        message: '上架状态只能是1（上架）或0（下架）',
      });
      expect((await getProductDetail(visitorContext(d), { id: p.product_id })).product_id).toBe(p.product_id);

      await setMerchantProductStatus(m, { id: p.product_id, status: 0 });
      await expect(getProductDetail(visitorContext(d), { id: p.product_id })).rejects.toMatchObject({ code: 'not_found' });
      await expect(placeOrder(s, [line])).rejects.toMatchObject({ message: expect.stringContaining('已下架') });
      expect((await productRow(d, p.product_id)).stock).toBe(15);
    });

    it('stock: set, added to and taken from per SKU; below zero, an unknown SKU or another shop changes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 10);
      const p = await createMerchantProduct(m, await productBody(d, m));
      const grey = skuOf(p, '灰色,180cm', 10);
      const red = skuOf(p, '红色,180cm', 10);
      expect(
        await changeMerchantProductStock(m, {
          id: p.product_id,
          list: [
            { unique: grey.unique, stock: 50 },
            { unique: red.unique, add: -2 },
          ],
        }),
      ).toEqual({
        product_id: p.product_id,
        stock: 53,
        attrValue: [
          { unique: grey.unique, stock: 50 },
          { unique: red.unique, stock: 3 },
        ],
      });
      const refusals: [unknown, string][] = [
        [[{ unique: red.unique, add: -4 }], PRODUCT_TEXT.stockBelowZero(red.unique)],
        [[{ unique: 'nope', stock: 1 }], PRODUCT_TEXT.skuMissing('nope')],
        [
          [
            { unique: grey.unique, stock: 1 },
            { unique: grey.unique, add: 1 },
          ],
          PRODUCT_TEXT.skuRepeated(grey.unique),
        ],
        [[{ unique: grey.unique, stock: 1, add: 1 }], '每个SKU请只填写 stock（设为）或 add（增减）之一'],
        [[], '请填写要修改的库存（list）'],
      ];
      for (const [list, message] of refusals) {
        await expect(changeMerchantProductStock(m, { id: p.product_id, list }), message).rejects.toMatchObject({
          code: 'invalid',
          message,
        });
      }
      await expect(
        changeMerchantProductStock(await asMerchant(d, 11), { id: p.product_id, list: [{ unique: grey.unique, stock: 0 }] }),
      ).rejects.toMatchObject({ code: 'not_found' });
      expect((await productRow(d, p.product_id)).stock).toBe(53);
      expect(await skuStocks(d, p.product_id)).toBe(53);
      // A shopper's page shows the new figure at once (the product's cached reads are dropped).
      expect((await getProductDetail(visitorContext(d), { id: p.product_id })).sku['灰色,180cm']!.stock).toBe(50);
    });

    it('a stock figure that is not a number (an array, a boolean, blank text) is refused, not read as 0 or 1', async () => {
      const d = await open();
      const m = await asMerchant(d, 10);
      const p = await createMerchantProduct(m, await productBody(d, m));
      const grey = skuOf(p, '灰色,180cm', 10);
      for (const v of [[], [[]], [7], false, true, ' ', '\t']) {
        for (const [field, message] of [
          ['stock', '库存必须是整数'],
          ['add', '库存增减必须是整数'],
        ] as const) {
          await expect(
            changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: grey.unique, [field]: v }] }),
            `${field}: ${JSON.stringify(v)}`,
          ).rejects.toMatchObject({ code: 'invalid', message });
        }
      }
      await expect(
        createMerchantProduct(m, await productBody(d, m, { attrValue: [{ price: '1', stock: [] }], attr: [], spec_type: 0 })),
      ).rejects.toMatchObject({ code: 'invalid', message: '库存必须是整数' });
      expect(await skuStocks(d, p.product_id)).toBe(15);
    });

    it('restocking while shoppers buy both SKUs: every sale and every addition counts, once', async () => {
      const d = await open();
      const m = await asMerchant(d, 12);
      const p = await createMerchantProduct(
        m,
        await productBody(d, m, {
          attrValue: [
            { detail: { 颜色: '灰色', 长度: '180cm' }, price: '9.9', stock: 4 },
            { detail: { 颜色: '红色', 长度: '180cm' }, price: '9.9', stock: 4 },
          ],
        }),
      );
      const grey = skuOf(p, '灰色,180cm', 12);
      const red = skuOf(p, '红色,180cm', 12);
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper(d)));
      // Each order takes both SKUs (in checkout's order); each restock adds to both, listed the other way round.
      const lines = await Promise.all(shoppers.map(async (s) => [await addLine(s, grey, 1), await addLine(s, red, 1)]));
      const restock = () =>
        changeMerchantProductStock(m, {
          id: p.product_id,
          list: [
            { unique: [grey, red].sort((a, b) => (a.unique < b.unique ? 1 : -1))[0]!.unique, add: 2 },
            { unique: [grey, red].sort((a, b) => (a.unique < b.unique ? 1 : -1))[1]!.unique, add: 2 },
          ],
        });
      const results = await Promise.allSettled([...shoppers.map((s, i) => placeOrder(s, lines[i]!)), restock(), restock(), restock()]);
      const orders = results.slice(0, 8);
      const sold = orders.filter((r) => r.status === 'fulfilled').length;
      expect(results.slice(8).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      for (const r of orders) if (r.status === 'rejected') expect(String(r.reason?.message)).toContain('库存不足');
      // 4 + 3 × 2 = 10 of each to sell, 8 shoppers each taking one of each: nothing lost, doubled or oversold.
      const rows = await d.db
        .select({ stock: productSku.stock, sales: productSku.sales })
        .from(productSku)
        .where(eq(productSku.productId, p.product_id));
      expect(rows).toEqual([
        { stock: 10 - sold, sales: sold },
        { stock: 10 - sold, sales: sold },
      ]);
      expect((await productRow(d, p.product_id)).stock).toBe(2 * (10 - sold));
      expect(sold).toBeGreaterThanOrEqual(4);
    });
    it('an order of a SKU the shop removed since, cancelled, gives back no stock the product no longer sells', async () => {
      const d = await open();
      const m = await asMerchant(d, 16);
      const body = await productBody(d, m);
      const p = await createMerchantProduct(m, body);
      const s = await newShopper(d);
      const { order } = await placeOrder(s, [await addLine(s, skuOf(p, '红色,180cm', 16), 2)]);
      await updateMerchantProduct(m, { ...body, id: p.product_id, attrValue: [body.attrValue[0]] });
      expect((await productRow(d, p.product_id)).stock).toBe(10);
      await cancelOrder(s, { id: order.order_id });
      const row = await productRow(d, p.product_id);
      expect(row.stock).toBe(10);
      expect(row.stock).toBe(await skuStocks(d, p.product_id));
      expect(row.sales).toBe(0);
    });
  });

  describe('a product and its shipping template', () => {
    it('a template deleted while products are saved naming it: each product either names a template that exists or is refused', async () => {
      const d = await open();
      const m = await asMerchant(d, 18);
      const bodies = await Promise.all(Array.from({ length: 4 }, () => productBody(d, m, { status: 0 })));
      for (let round = 0; round < 3; round++) {
        const t = await createShippingTemplate(m, {
          name: `同城包裹${round}`,
          type: 1,
          free_price: '0',
          undelivered: [],
          region: [{ regions: [], first: 1, first_price: '8', continue: 1, continue_price: '2' }],
        });
        const results = await Promise.allSettled([
          ...bodies.map((b) => createMerchantProduct(m, { ...b, temp_id: t.temp_id })),
          deleteShippingTemplate(m, { id: t.temp_id }),
        ]);
        const deleted = results.at(-1)!.status === 'fulfilled';
        const saved = results.slice(0, -1).filter((r) => r.status === 'fulfilled').length;
        for (const r of results.slice(0, -1))
          if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: PRODUCT_TEXT.template });
        // Never both: a product naming a template that no longer exists would ship free by accident.
        expect(deleted && saved > 0).toBe(false);
        const naming = await d.db.select({ id: product.productId }).from(product).where(eq(product.tempId, t.temp_id));
        expect(naming).toHaveLength(saved);
      }
    });
  });

  describe('pictures of a shop', () => {
    it('are stored as the shop\u2019s, re-encoded to WebP, and only that shop\u2019s products may name them', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      const up = await uploadMerchantImage(m, { bytes: await png() });
      expect(up).toMatchObject({ path: expect.stringMatching(/^\/media\/u[0-9a-f]+\.webp$/), width: 8, height: 8 });
      const id = up.path.slice('/media/'.length, -'.webp'.length);
      const [row] = await d.db.select({ merId: media.merId, uid: media.uid, mime: media.mime }).from(media).where(eq(media.mediaId, id));
      expect(row).toEqual({ merId: 13, uid: null, mime: 'image/webp' });
      await expect(uploadMerchantImage(m, { bytes: new TextEncoder().encode('not a picture') })).rejects.toMatchObject({ code: 'invalid' });
      const other = await asMerchant(d, 14);
      await expect(createMerchantProduct(other, await productBody(d, other, { slider_image: [up.path] }))).rejects.toMatchObject({
        message: PRODUCT_TEXT.images,
      });
      const p = await createMerchantProduct(
        m,
        await productBody(d, m, { slider_image: [up.path], content: `<p>细节</p><img src="${up.path}" onerror="x">` }),
      );
      expect(p.slider_image).toEqual([up.path]);
      // The details' picture carries its size (no layout shift on the product page).
      expect(p.content).toBe(`<p>细节</p><img src="${up.path}" width="8" height="8" loading="lazy" />`);
      expect(
        await d.db
          .select({ id: product.productId })
          .from(product)
          .where(and(eq(product.productId, p.product_id), eq(product.merId, 13))),
      ).toHaveLength(1);
    });
  });
}
