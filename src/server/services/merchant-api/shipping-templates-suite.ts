// A shop's own shipping templates through the merchant API on a real database: run on PGlite
// (shipping-templates.test.ts) and on PostgreSQL 15 (shipping-templates.postgres.test.ts). Tests share one database
// per file: each uses demo shops no other test here uses, and its own templates and products.
import { describe, it, expect } from 'vitest';
import { asMerchant, refused, callRoute } from '../../../../tests/helpers/merchant-api.ts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { shippingTemplateRegion, storeCategory } from '../../db/schema/index.ts';
import { addLine, newShopper, placeOrder, type Shopper, type Sku } from '../../../../tests/helpers/checkout.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import { SHIPPING_TEXT } from '../../../shared/schemas/shipping-template.ts';
import { changeSequence, changedSince } from '../cache.ts';
import { collectShown } from '../cache-tags.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { uploadMerchantImage } from '../media/upload-image.ts';
import { checkOrder } from '../order/check-order.ts';
import { createOrder } from '../order/create-order.ts';
import type { MerchantContext } from './context.ts';
import { createMerchantProduct, PRODUCT_TEXT, updateMerchantProduct } from './product-writes.ts';
import {
  createShippingTemplate,
  deleteShippingTemplate,
  getShippingTemplate,
  listShippingTemplates,
  SHIPPING_API_TEXT,
  updateShippingTemplate,
} from './shipping-templates.ts';
import { POST as createRoute } from '../../../pages/api/merchant/shipping/create.ts';
import { GET as listRoute } from '../../../pages/api/merchant/shipping/lst.ts';
import { POST as deleteRoute } from '../../../pages/api/merchant/shipping/delete/[id].ts';

let pngSeq = 0;
const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: ++pngSeq % 255, g: 120, b: 40 } } })
      .png()
      .toBuffer(),
  );

let nameSeq = 0;
/** A single-spec product of the shop at `price` yuan, on sale, with plenty of stock; `extra` overrides fields. */
async function newProduct(d: Database, m: MerchantContext, price: string, extra: Record<string, unknown> = {}) {
  const { path } = await uploadMerchantImage(m, { bytes: await png() });
  const [c] = await d.db.select({ id: storeCategory.storeCategoryId }).from(storeCategory).where(eq(storeCategory.level, 3)).limit(1);
  const body = {
    store_name: `运费测试商品${process.pid}x${++nameSeq}`,
    cate_id: c!.id,
    image: path,
    spec_type: 0,
    attrValue: [{ price, stock: 500 }],
    status: 1,
    ...extra,
  };
  const p = await createMerchantProduct(m, body);
  const s = p.attrValue[0]!;
  const sku: Sku = {
    productId: p.product_id,
    unique: s.unique,
    merId: m.merchant!.merId,
    price: Math.round(Number(s.price) * 100),
    stock: s.stock,
  };
  return { product: p, body, sku };
}

/** The postage a shopper's checkout of `n` of `sku` shows (yuan), and the check itself. */
async function postage(s: Shopper, sku: Sku, n: number) {
  const cartId = await addLine(s, sku, n, true);
  const check = await checkOrder(s, { cart_id: [cartId], address_id: s.addressId });
  return { fee: check.order_total_postage, check, cartId };
}

/** A by-piece template: ¥6 the first piece, ¥3.50 each further two; Xinjiang and Qinghai dearer; Tibet not delivered to. */
const piecesTemplate = (extra: Record<string, unknown> = {}) => ({
  name: `按件计费 ${++nameSeq}`,
  type: 1,
  free_price: '200',
  undelivered: [54],
  region: [
    { regions: [], first: 1, first_price: '6', continue: 2, continue_price: '3.5' },
    { regions: [65, 63], first: 1, first_price: '20.00', continue: 1, continue_price: 10 },
  ],
  ...extra,
});

export function shippingTemplatesSuite(open: () => Promise<Database>) {
  describe('a shop writes its shipping templates and checkout charges them', () => {
    it('a new template put on a product prices checkout postage by its rules: first piece, further pieces, region, free over, undelivered', async () => {
      const d = await open();
      const m = await asMerchant(d, 5);
      const t = await createShippingTemplate(m, piecesTemplate());
      expect(t).toMatchObject({
        mer_id: 5,
        type: 1,
        free_price: '200.00',
        undelivered: [54],
        undelivered_name: ['西藏自治区'],
        product_count: 0,
        region: [
          { regions: [], region_name: [], first: 1, first_price: '6.00', continue: 2, continue_price: '3.50' },
          {
            regions: [65, 63],
            region_name: ['新疆维吾尔自治区', '青海省'],
            first: 1,
            first_price: '20.00',
            continue: 1,
            continue_price: '10.00',
          },
        ],
      });
      expect(await getShippingTemplate(m, { id: t.temp_id })).toEqual(t);

      const { product, sku } = await newProduct(d, m, '30.00', { temp_id: t.temp_id });
      expect(product.temp_id).toBe(t.temp_id);
      const listed = await listShippingTemplates(m);
      expect(listed.list.find((x) => x.temp_id === t.temp_id)?.product_count).toBe(1);

      const beijing = await newShopper(d);
      expect((await postage(beijing, sku, 1)).fee).toBe('6.00');
      // 4 pieces: the first, then 3 more in steps of 2 (or part of them): 6 + 2 × 3.50.
      expect((await postage(beijing, sku, 4)).fee).toBe('13.00');
      expect((await postage(beijing, sku, 5)).fee).toBe('13.00');
      // ¥210 of goods reaches the ¥200 threshold: free.
      expect((await postage(beijing, sku, 7)).fee).toBe('0.00');

      const xinjiang = await newShopper(d, { provinceId: 65 });
      expect((await postage(xinjiang, sku, 3)).fee).toBe('40.00');

      // An order placed pays the postage its check showed.
      const cartId = await addLine(beijing, sku, 2, true);
      const { check, order } = await placeOrder(beijing, [cartId]);
      expect(check.order_total_postage).toBe('9.50');
      expect(order).toBeTruthy();

      // Tibet is not delivered to: the check says so and create refuses.
      const tibet = await newShopper(d, { provinceId: 54 });
      const far = await postage(tibet, sku, 1);
      expect(far.check.status).toBe('noDeliver');
      expect(far.check.order[0]!.list[0]!.undeliverable).toBe(true);
      await refused(
        createOrder(tibet, { cart_id: [far.cartId], address_id: tibet.addressId, key: far.check.key }),
        400,
        '收货地址不在配送范围内',
      );

      // The product page's 运费 line describes it.
      const shown = await getProductDetail(visitorContext(d), { id: product.product_id });
      expect(shown.temp.name).toBe('满200包邮');
      expect(shown.temp.info).toContain('首1件运费6元，每增加2件加3.50元');
      expect(shown.temp.info).toContain('偏远地区运费另计');
      expect(shown.temp.info).toContain('不配送：西藏');
    });

    it('an update changes the next checkout and the product page at once, dropping the pages of its products', async () => {
      const d = await open();
      const m = await asMerchant(d, 6);
      const t = await createShippingTemplate(m, piecesTemplate({ free_price: 0, undelivered: [] }));
      const { product, sku } = await newProduct(d, m, '10.00', { temp_id: t.temp_id });
      const s = await newShopper(d);
      expect((await postage(s, sku, 3)).fee).toBe('9.50');

      const shownPage = new Set<string>();
      const before = await collectShown(shownPage, () => getProductDetail(visitorContext(d), { id: product.product_id }));
      expect(before.temp.name).toBe('运费');
      const seq = changeSequence(d.db);

      const after = await updateShippingTemplate(m, {
        id: String(t.temp_id),
        name: '改后的模板',
        type: 1,
        free_price: '25',
        undelivered: '81,82',
        region: [{ regions: [], first: 2, first_price: '8', continue: 1, continue_price: '1.2' }],
      });
      expect(after).toMatchObject({
        temp_id: t.temp_id,
        name: '改后的模板',
        free_price: '25.00',
        undelivered: [81, 82],
        undelivered_name: ['香港特别行政区', '澳门特别行政区'],
        region: [{ regions: [], first: 2, first_price: '8.00', continue: 1, continue_price: '1.20' }],
        product_count: 1,
      });
      // The old region rule is gone with the rest of the old template.
      expect(await d.db.select().from(shippingTemplateRegion).where(eq(shippingTemplateRegion.shippingTemplateId, t.temp_id))).toHaveLength(
        1,
      );

      // The cached page of the product using it is dropped; what names the shop only (its cards, its own
      // categories) is not: the write names the products, not the whole shop.
      expect(changedSince(d.db, seq, shownPage)).toBe(true);
      expect(changedSince(d.db, seq, [`product:${product.product_id}`])).toBe(true);
      expect(changedSince(d.db, seq, ['merchant:6'])).toBe(false);
      const page = await getProductDetail(visitorContext(d), { id: product.product_id });
      expect(page.temp.name).toBe('满25包邮');
      expect(page.temp.info).toContain('首2件运费8元，每增加1件加1.20元');
      expect(page.temp.info).not.toContain('偏远地区');

      // The next checkout charges the new rules: 8 + 1 × 1.20 for 3 pieces; ¥30 of goods ships free.
      expect((await postage(s, sku, 2)).fee).toBe('8.00');
      expect((await postage(s, sku, 2)).check.order_total_postage).toBe('8.00');
      const three = await postage(s, sku, 3);
      expect(three.fee).toBe('0.00');
      const xinjiang = await newShopper(d, { provinceId: 65 });
      expect((await postage(xinjiang, sku, 2)).fee).toBe('8.00');
    });

    it('a by-weight template charges kilograms of the SKUs bought', async () => {
      const d = await open();
      const m = await asMerchant(d, 10);
      const t = await createShippingTemplate(m, {
        name: '按重量',
        type: 2,
        undelivered: [],
        region: [{ regions: [], first: '0.5', first_price: '5', continue: '0.5', continue_price: '2' }],
      });
      expect(t).toMatchObject({ type: 2, free_price: '0.00', region: [{ first: 0.5, continue: 0.5 }] });
      const { sku } = await newProduct(d, m, '12.00', { temp_id: t.temp_id, attrValue: [{ price: '12.00', stock: 100, weight: 0.8 }] });
      const s = await newShopper(d);
      // 2 × 0.8 kg = 1.6 kg: the first 0.5 kg, then 1.1 kg in steps of 0.5 kg (3 steps).
      expect((await postage(s, sku, 2)).fee).toBe('11.00');
    });

    it('deleting a template in use is refused; another shop can neither see, change, delete nor use it', async () => {
      const d = await open();
      const m = await asMerchant(d, 7);
      const stranger = await asMerchant(d, 9);
      const t = await createShippingTemplate(m, piecesTemplate());
      const { product, body } = await newProduct(d, m, '15.00', { temp_id: t.temp_id });
      const second = await newProduct(d, m, '16.00', { temp_id: t.temp_id });

      await refused(deleteShippingTemplate(m, { id: t.temp_id }), 400, SHIPPING_API_TEXT.inUse(2));
      const viaHttp = await callRoute(d, deleteRoute, 7, { params: { id: String(t.temp_id) } });
      expect(viaHttp).toMatchObject({ http: 400, body: { message: SHIPPING_API_TEXT.inUse(2) } });
      expect((await getShippingTemplate(m, { id: t.temp_id })).product_count).toBe(2);

      await refused(getShippingTemplate(stranger, { id: t.temp_id }), 404, SHIPPING_API_TEXT.gone);
      await refused(updateShippingTemplate(stranger, { id: t.temp_id, ...piecesTemplate() }), 404, SHIPPING_API_TEXT.gone);
      await refused(deleteShippingTemplate(stranger, { id: t.temp_id }), 404, SHIPPING_API_TEXT.gone);
      expect((await listShippingTemplates(stranger)).list.map((x) => x.temp_id)).not.toContain(t.temp_id);
      await refused(newProduct(d, stranger, '9.90', { temp_id: t.temp_id }), 400, PRODUCT_TEXT.template);
      expect(await getShippingTemplate(m, { id: t.temp_id })).toMatchObject({ name: t.name, product_count: 2 });

      // One product moved to free shipping: still refused for the other; both moved, the template goes with its rules.
      await updateMerchantProduct(m, { ...body, id: product.product_id, temp_id: 0 });
      await refused(deleteShippingTemplate(m, { id: t.temp_id }), 400, SHIPPING_API_TEXT.inUse(1));
      expect((await listShippingTemplates(m)).list.find((x) => x.temp_id === t.temp_id)?.product_count).toBe(1);
      await updateMerchantProduct(m, { ...second.body, id: second.product.product_id, temp_id: 0 });
      expect(await deleteShippingTemplate(m, { id: t.temp_id })).toEqual({ temp_id: t.temp_id });
      await refused(getShippingTemplate(m, { id: t.temp_id }), 404, SHIPPING_API_TEXT.gone);
      expect(await d.db.select().from(shippingTemplateRegion).where(eq(shippingTemplateRegion.shippingTemplateId, t.temp_id))).toEqual([]);
      // The products ship free now.
      expect((await getProductDetail(visitorContext(d), { id: product.product_id })).temp.name).toBe('包邮');
    });

    it('a template no product uses is deleted with its rules', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      const t = await createShippingTemplate(m, piecesTemplate());
      const viaHttp = await callRoute(d, deleteRoute, 13, { params: { id: String(t.temp_id) } });
      expect(viaHttp).toMatchObject({ http: 200, body: { status: 200, data: { temp_id: t.temp_id } } });
      await refused(getShippingTemplate(m, { id: t.temp_id }), 404, SHIPPING_API_TEXT.gone);
      expect(await d.db.select().from(shippingTemplateRegion).where(eq(shippingTemplateRegion.shippingTemplateId, t.temp_id))).toEqual([]);
      await refused(deleteShippingTemplate(m, { id: t.temp_id }), 404, SHIPPING_API_TEXT.gone);
    });

    it('refuses bad input with a Chinese message and changes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 14);
      const t = await createShippingTemplate(m, piecesTemplate());
      const before = await listShippingTemplates(m);
      const rule = (extra: Record<string, unknown> = {}) => ({
        regions: [],
        first: 1,
        first_price: '5',
        continue: 1,
        continue_price: '1',
        ...extra,
      });
      const bad: [Record<string, unknown>, string | RegExp][] = [
        [{ name: '运费\u001b[2J' }, '模板名称不能包含特殊控制字符'],
        [{ name: '  ' }, '请填写模板名称'],
        [{ name: '长'.repeat(31) }, '模板名称不能超过30个字'],
        [{ type: 3 }, SHIPPING_TEXT.type],
        [{ free_price: '9.999' }, /^包邮金额格式不正确/],
        [{ free_price: -1 }, /^包邮金额格式不正确/],
        [{ region: [] }, SHIPPING_TEXT.noDefault],
        [{ region: [rule({ regions: [11] })] }, SHIPPING_TEXT.noDefault],
        [{ region: [rule(), rule()] }, SHIPPING_TEXT.twoDefaults],
        [{ region: [rule(), rule({ regions: [65, 11] }), rule({ regions: [65] })] }, SHIPPING_TEXT.repeated(65)],
        [{ undelivered: [54], region: [rule(), rule({ regions: [54] })] }, SHIPPING_TEXT.undeliveredRule(54)],
        [{ undelivered: [99] }, SHIPPING_API_TEXT.unknownProvince(99)],
        [{ region: [rule(), rule({ regions: [16] })] }, SHIPPING_API_TEXT.unknownProvince(16)],
        [{ undelivered: ['北京'] }, /^省份代码格式不正确/],
        // Coercion read [11] as 11 and true as 1.
        [{ undelivered: [[11]] }, /^省份代码格式不正确/],
        [{ region: [rule(), rule({ regions: [true] })] }, /^省份代码格式不正确/],
        [{ region: [rule({ first: 1.5 })] }, SHIPPING_TEXT.wholePieces('首件')],
        [{ region: [rule({ continue: '2.5' })] }, SHIPPING_TEXT.wholePieces('续件')],
        [{ region: [rule({ first: 0 })] }, '首件（首重）必须大于0'],
        [{ type: 2, region: [rule({ first: '0.125' })] }, /^首件（首重）格式不正确/],
        [{ region: [rule({ first_price: 'abc' })] }, /^首费格式不正确/],
        [{ region: [rule({ continue_price: '1000000' })] }, '续费不能超过999999.99元'],
        [{ region: 'x' }, /^运费规则格式不正确/],
      ];
      for (const [extra, message] of bad) {
        await refused(createShippingTemplate(m, piecesTemplate(extra)), 400, message);
        await refused(updateShippingTemplate(m, { id: t.temp_id, ...piecesTemplate(extra) }), 400, message);
      }
      await refused(getShippingTemplate(m, { id: 'abc' }), 400, '运费模板ID格式不正确');
      expect(await listShippingTemplates(m)).toEqual(before);

      // Over HTTP: a bad body is a 400 with the message, a good one answers the new template.
      const no = await callRoute(d, createRoute, 14, { body: piecesTemplate({ name: '\u0007' }) });
      expect(no).toMatchObject({ http: 400, body: { message: '模板名称不能包含特殊控制字符' } });
      expect(await listShippingTemplates(m)).toEqual(before);
      const yes = await callRoute(d, createRoute, 14, { body: piecesTemplate({ name: '新模板' }) });
      expect(yes).toMatchObject({ http: 200, body: { message: '添加成功', data: { name: '新模板', mer_id: 14 } } });
      const listed = await callRoute(d, listRoute, 14, { method: 'GET' });
      expect((listed.body.data as { count: number }).count).toBe(before.count + 1);
    });
  });
}
