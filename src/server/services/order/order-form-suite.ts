// Merchant custom order forms on a real database: run on PGlite (order-form.test.ts) and on PostgreSQL 15
// (order-form.postgres.test.ts). Each test makes its own forms, shoppers and orders, and puts its forms on products
// no other test picks (pickSku skips products that ask for a form).
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cart, product, storeGroupOrder, storeOrder } from '../../db/schema/index.ts';
import { newShopper, pickSku, addLine, stockOf, topUp, type Shopper, type Sku } from '../../../../tests/helpers/checkout.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { ownPicture } from '../intention/intention-fixtures.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import type { MerchantContext } from '../merchant-api/context.ts';
import {
  createOrderForm,
  deleteOrderForm,
  getOrderForm,
  listOrderForms,
  setProductForm,
  updateOrderForm,
} from '../merchant-api/order-forms.ts';
import { getMerchantOrder } from '../merchant-api/get-order.ts';
import { payOrder } from '../payment/pay-order.ts';
import type { FormField } from '../../../shared/order-form.ts';
import { checkOrder } from './check-order.ts';
import { createOrder } from './create-order.ts';
import { getOrder } from './get-order.ts';
import { getGroupOrder } from './get-group-order.ts';

async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  const merchant = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(merId)}`);
  return { db: d.db, merchant };
}

const FIELDS: FormField[] = [
  { key: 'name', type: 'text', title: '入住人姓名', required: true },
  { key: 'id_no', type: 'id_card', title: '身份证号', required: true },
  { key: 'room', type: 'select', title: '房型', required: true, options: ['大床房', '双床房'] },
  { key: 'extras', type: 'checkbox', title: '附加服务', required: false, options: ['接机', '早餐', '延迟退房'] },
  { key: 'stay', type: 'date_range', title: '入住日期', required: true },
  { key: 'city', type: 'region', title: '常住地区', required: false },
  { key: 'photo', type: 'image', title: '证件照片', required: false, max: 2 },
];

/** A valid ID card number (check character computed by GB 11643). */
const ID_NO = '11010519491231002X';

const GOOD = { name: '张三', id_no: ID_NO.toLowerCase(), room: '双床房', extras: ['早餐', '接机'], stay: ['2026-12-24', '2026-12-26'] };

/** A form of shop `merId` put on a fresh product of that shop; returns the form, the merchant and the product's SKU. */
async function formOnProduct(d: Database, merId: number, fields: FormField[] = FIELDS, name = '入住登记') {
  const m = await asMerchant(d, merId);
  const form = await createOrderForm(m, { name, value: fields });
  const sku = await pickSku(d, { merId });
  await setProductForm(m, { id: sku.productId, mer_form_id: form.form_id });
  return { m, form, sku };
}

async function checked(s: Shopper, ids: number[]) {
  const body = { cart_id: ids, address_id: s.addressId };
  return { body, check: await checkOrder(s, body) };
}

async function nothingOrdered(d: Database, s: Shopper, sku: Sku, stock: number, cartId: number) {
  expect(await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.uid, s.user.uid))).toHaveLength(0);
  expect(await stockOf(d, sku)).toBe(stock);
  const [line] = await d.db.select().from(cart).where(eq(cart.cartId, cartId));
  expect(line!.isPay).toBe(false);
}

export function orderFormSuite(open: () => Promise<Database>) {
  describe('order forms at checkout', () => {
    it('the check names the form; create refuses missing or malformed answers and changes nothing', async () => {
      const d = await open();
      const { form, sku } = await formOnProduct(d, 13);
      const s = await newShopper(d);
      const cartId = await addLine(s, sku, 1);
      const { body, check } = await checked(s, [cartId]);
      expect(check.mer_form_id).toBe(form.form_id);
      expect(check.mer_form_info).toEqual({ form_id: form.form_id, mer_id: 13, name: '入住登记', value: form.value });
      const stock = await stockOf(d, sku);
      const create = (extend: unknown) => createOrder(s, { ...body, key: check.key, extend });
      const refused = async (extend: unknown, message: string) => {
        await expect(create(extend)).rejects.toMatchObject({ status: 400, message });
        await nothingOrdered(d, s, sku, stock, cartId);
      };
      await refused(undefined, '请填写「入住人姓名」');
      await refused({ ...GOOD, name: '   ' }, '请填写「入住人姓名」');
      await refused({ ...GOOD, id_no: '110105194912310021' }, '「身份证号」格式不正确');
      await refused({ ...GOOD, room: '总统套房' }, '「房型」的选项不存在');
      await refused({ ...GOOD, extras: ['早餐', '洗衣'] }, '「附加服务」的选项不存在');
      await refused({ ...GOOD, stay: ['2026-12-26', '2026-12-24'] }, '「入住日期」的开始不能晚于结束');
      await refused({ ...GOOD, stay: ['2026-02-30', '2026-03-01'] }, '「入住日期」格式不正确');
      await refused({ ...GOOD, stay: ['2026-12-24', ''] }, '请选择完整的「入住日期」');
      await refused({ ...GOOD, city: [44, 4403, 440305] }, '请选择完整的「常住地区」');
      await refused({ ...GOOD, city: [4403, 44, 440305] }, '「常住地区」格式不正确');
      await refused({ ...GOOD, name: 'x'.repeat(101) }, '「入住人姓名」不能超过100个字');
      await refused('name=张三', '订单信息格式不正确');
      // The same answers as a list of {key, value} are read the same; a key twice, or an item without a key, is refused.
      const asList = (answers: Record<string, unknown>) => Object.entries(answers).map(([key, value]) => ({ key, value }));
      await refused(asList({ ...GOOD, room: '总统套房' }), '「房型」的选项不存在');
      await refused([...asList(GOOD), { key: 'name', value: '李四' }], '订单信息格式不正确');
      await refused([...asList(GOOD), { value: '无键' }], '订单信息格式不正确');
      await refused([{ key: '__proto__', value: { name: '张三' } }], '请填写「入住人姓名」');
      // A product without a form: nothing asked.
      const plain = await pickSku(d, { merId: 13 });
      const other = await checked(s, [await addLine(s, plain, 1)]);
      expect([other.check.mer_form_id, other.check.mer_form_info]).toEqual([0, null]);
    });

    it('keeps the answers, as the fields were, on the form shop’s order only; the shopper and the merchant read them', async () => {
      const d = await open();
      const { m, form, sku } = await formOnProduct(d, 14);
      const s = await newShopper(d);
      await topUp(d, s.user.uid, 10_000_000);
      const plain = await pickSku(d, { merId: 2 });
      const photo = await ownPicture(d, s.user.uid);
      const { body, check } = await checked(s, [await addLine(s, sku, 1), await addLine(s, plain, 1)]);
      expect(check.mer_form_info?.mer_id).toBe(14);
      const answers = { ...GOOD, city: ['44', '4403', '440305', '440305001'], photo: [photo], unknown_key: 'ignored' };
      // Sent as a client that keeps the fields in order would: a list of {key, value}.
      const extend = Object.entries(answers).map(([key, value]) => ({ key, value }));
      const created = await createOrder(s, { ...body, key: check.key, extend });
      // The unpaid order's page shows the answers under the shop's part.
      const unpaid = await getGroupOrder(s, { id: created.order_id });
      expect(unpaid.orderList.find((o) => o.mer_id === 14)!.order_extend.map((a) => a.value)).toContain('双床房');
      expect(unpaid.orderList.find((o) => o.mer_id === 2)!.order_extend).toEqual([]);
      await payOrder(s, { id: created.order_id, type: 'balance' });
      // The merchant renames a field afterwards: the order keeps what the shopper was asked.
      await updateOrderForm(m, { id: form.form_id, name: '入住登记', value: [{ ...FIELDS[0]!, title: '姓名' }] });
      const orders = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, created.order_id));
      const formOrder = orders.find((o) => o.merId === 14)!;
      expect(orders.find((o) => o.merId === 2)!.orderExtend).toBeNull();
      const detail = await getOrder(s, { id: formOrder.orderId });
      expect(detail.order_extend).toEqual([
        { key: 'name', title: '入住人姓名', type: 'text', value: '张三' },
        { key: 'id_no', title: '身份证号', type: 'id_card', value: ID_NO },
        { key: 'room', title: '房型', type: 'select', value: '双床房' },
        { key: 'extras', title: '附加服务', type: 'checkbox', value: ['接机', '早餐'] },
        { key: 'stay', title: '入住日期', type: 'date_range', value: ['2026-12-24', '2026-12-26'] },
        { key: 'city', title: '常住地区', type: 'region', value: '广东省 深圳市 南山区 南头街道' },
        { key: 'photo', title: '证件照片', type: 'image', value: [photo] },
      ]);
      expect((await getMerchantOrder(m, { id: formOrder.orderId })).order_extend).toEqual(detail.order_extend);
      const plainOrder = orders.find((o) => o.merId === 2)!;
      expect((await getOrder(s, { id: plainOrder.orderId })).order_extend).toEqual([]);
    });

    it('refuses another shopper’s picture, and products asking for two different forms together', async () => {
      const d = await open();
      const { sku } = await formOnProduct(d, 15, [{ key: 'photo', type: 'image', title: '参考图片', required: true }]);
      const s = { ...(await newShopper(d)), origins: new Set(['https://mall.example']) };
      const stranger = await newShopper(d);
      const cartId = await addLine(s, sku, 1);
      const { body, check } = await checked(s, [cartId]);
      const stock = await stockOf(d, sku);
      const theirs = await ownPicture(d, stranger.user.uid);
      await expect(createOrder(s, { ...body, key: check.key, extend: { photo: [theirs] } })).rejects.toMatchObject({
        status: 400,
        message: '「参考图片」的图片无效，请重新上传',
      });
      const mine = await ownPicture(d, s.user.uid);
      await expect(createOrder(s, { ...body, key: check.key, extend: { photo: [mine, mine] } })).rejects.toMatchObject({ status: 400 });
      // An absolute URL names the upload only on our own origin.
      await expect(createOrder(s, { ...body, key: check.key, extend: { photo: `https://evil.example${mine}` } })).rejects.toMatchObject({
        message: '「参考图片」的图片无效，请重新上传',
      });
      await nothingOrdered(d, s, sku, stock, cartId);
      // The same key still creates once the answer is good, and keeps the picture as its path.
      const created = await createOrder(s, { ...body, key: check.key, extend: { photo: `https://mall.example${mine}` } });
      expect(created.order_id).toBeGreaterThan(0);
      const [kept] = await d.db
        .select({ extend: storeOrder.orderExtend })
        .from(storeOrder)
        .where(eq(storeOrder.groupOrderId, created.order_id));
      expect(kept!.extend).toEqual([{ key: 'photo', title: '参考图片', type: 'image', value: [mine] }]);

      const second = await formOnProduct(d, 16, [{ key: 'note', type: 'text', title: '刻字', required: true }], '刻字');
      const first = await formOnProduct(d, 15, [{ key: 'note', type: 'text', title: '备注', required: false }], '备注');
      const both = { cart_id: [await addLine(s, first.sku, 1), await addLine(s, second.sku, 1)], address_id: s.addressId };
      await expect(checkOrder(s, both)).rejects.toMatchObject({ status: 400, message: '所选商品需要填写不同的订单信息，请分开下单' });
    });

    it('a deleted form is no longer asked for; a form names only its own shop’s products', async () => {
      const d = await open();
      const { m, form, sku } = await formOnProduct(d, 17, [{ key: 'size', type: 'number', title: '尺寸', required: true }]);
      const s = await newShopper(d);
      const cartId = await addLine(s, sku, 1);
      expect((await checked(s, [cartId])).check.mer_form_id).toBe(form.form_id);
      expect(await deleteOrderForm(m, { id: form.form_id })).toEqual({ form_id: form.form_id, products: 1 });
      const [p] = await d.db.select({ f: product.merFormId }).from(product).where(eq(product.productId, sku.productId));
      expect(p!.f).toBe(0);
      const { body, check } = await checked(s, [cartId]);
      expect([check.mer_form_id, check.mer_form_info]).toEqual([0, null]);
      expect((await createOrder(s, { ...body, key: check.key })).order_id).toBeGreaterThan(0);
      // Another shop's form written straight onto a product (not possible through the API) is not asked for.
      const foreign = await createOrderForm(await asMerchant(d, 18), {
        name: '别家',
        value: [{ key: 'a', type: 'text', title: '甲', required: true }],
      });
      const stray = await pickSku(d, { merId: 17 });
      await d.db.update(product).set({ merFormId: foreign.form_id }).where(eq(product.productId, stray.productId));
      const strayCheck = await checked(s, [await addLine(s, stray, 1)]);
      expect(strayCheck.check.mer_form_id).toBe(0);
      await d.db.update(product).set({ merFormId: 0 }).where(eq(product.productId, stray.productId));
    });
  });

  describe('order forms through the merchant API', () => {
    it('creates, lists, reads, updates and deletes the shop’s own forms only', async () => {
      const d = await open();
      const m = await asMerchant(d, 19);
      const other = await asMerchant(d, 20);
      const before = (await listOrderForms(m)).count;
      const form = await createOrderForm(m, {
        name: ' 定制信息 ',
        value: [
          { key: 'color', type: 'radio', title: '颜色', required: '1', options: ['红', '蓝'], placeholder: 'dropped', max: 3 },
          { key: 'pics', type: 'image', title: '图片', required: 0 },
        ],
      });
      expect(form).toMatchObject({
        name: '定制信息',
        mer_id: 19,
        product_count: 0,
        value: [
          { key: 'color', type: 'radio', title: '颜色', required: true, options: ['红', '蓝'] },
          { key: 'pics', type: 'image', title: '图片', required: false, max: 1 },
        ],
      });
      expect((await listOrderForms(m)).count).toBe(before + 1);
      expect((await listOrderForms(other)).list.some((f) => f.form_id === form.form_id)).toBe(false);
      expect((await getOrderForm(m, { id: form.form_id })).name).toBe('定制信息');
      const gone = { status: 404, message: '表单不存在' };
      await expect(getOrderForm(other, { id: form.form_id })).rejects.toMatchObject(gone);
      await expect(updateOrderForm(other, { id: form.form_id, name: 'x', value: form.value })).rejects.toMatchObject(gone);
      await expect(deleteOrderForm(other, { id: form.form_id })).rejects.toMatchObject(gone);
      // A product of another shop, or another shop's form, cannot be joined.
      const mine = await pickSku(d, { merId: 19 });
      const theirs = await pickSku(d, { merId: 20 });
      await expect(setProductForm(m, { id: theirs.productId, mer_form_id: form.form_id })).rejects.toMatchObject({
        status: 404,
        message: '商品不存在',
      });
      await expect(setProductForm(other, { id: theirs.productId, mer_form_id: form.form_id })).rejects.toMatchObject(gone);
      expect(await setProductForm(m, { id: mine.productId, mer_form_id: form.form_id })).toEqual({
        product_id: mine.productId,
        mer_form_id: form.form_id,
      });
      expect((await getOrderForm(m, { id: form.form_id })).product_count).toBe(1);
      // Not a number: coercion would read it as 0 and take the form off the product.
      for (const v of [[], false, null, ' ']) {
        await expect(setProductForm(m, { id: mine.productId, mer_form_id: v }), JSON.stringify(v)).rejects.toMatchObject({
          status: 400,
          message: '表单ID格式不正确',
        });
      }
      expect((await getOrderForm(m, { id: form.form_id })).product_count).toBe(1);
      expect(await setProductForm(m, { id: mine.productId, mer_form_id: 0 })).toEqual({ product_id: mine.productId, mer_form_id: 0 });
      const updated = await updateOrderForm(m, {
        id: form.form_id,
        name: '新名字',
        // A `max` on a field that is not a picture has no use: it is dropped, not refused as a picture count.
        value: [{ key: 'n', type: 'number', title: '数量', required: true, max: 20 }],
      });
      expect(updated.value).toEqual([{ key: 'n', type: 'number', title: '数量', required: true }]);
      await deleteOrderForm(m, { id: form.form_id });
      await expect(getOrderForm(m, { id: form.form_id })).rejects.toMatchObject(gone);
      await expect(setProductForm(m, { id: mine.productId, mer_form_id: form.form_id })).rejects.toMatchObject(gone);
    });

    it('refuses malformed forms with the field named, and writes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 19);
      const before = (await listOrderForms(m)).count;
      const bad = async (value: unknown, message: string | RegExp, name: unknown = '表单') => {
        await expect(createOrderForm(m, { name, value })).rejects.toMatchObject({ status: 400, message });
      };
      const t = { key: 'a', type: 'text', title: '甲', required: true };
      await bad([], '表单至少要有一个字段');
      await bad([t], '请填写表单名称', '  ');
      await bad([t, { ...t, title: '乙' }], '第2个字段的标识「a」重复');
      await bad([{ ...t, type: 'radio', options: ['只有一个'] }], '第1个字段「甲」至少要有两个选项');
      await bad([{ ...t, type: 'select', options: ['同', '同'] }], '第1个字段「甲」的选项重复');
      await bad([{ ...t, type: 'video' }], /^字段类型不正确/);
      await bad([{ ...t, key: 'A b' }], /^字段标识须以小写字母开头/);
      await bad([{ ...t, title: '长'.repeat(21) }], '字段名称不能超过20个字');
      await bad([{ ...t, type: 'image', max: 7 }], '图片数量须在1到6之间');
      // Coercion read true as 1 and [3] as 3.
      for (const max of [true, [3], ' ']) await bad([{ ...t, type: 'image', max }], '图片数量格式不正确');
      await bad(
        Array.from({ length: 31 }, (_, i) => ({ ...t, key: `f${i}` })),
        '表单最多30个字段',
      );
      expect((await listOrderForms(m)).count).toBe(before);
    });
  });
}
