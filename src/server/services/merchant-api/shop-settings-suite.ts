// A shop's own settings and categories through the merchant API on a real database: run on PGlite
// (shop-settings.test.ts) and on PostgreSQL 15 (shop-settings.postgres.test.ts), where category creations in two
// shops really run at once. Tests share one database per file: each uses demo shops no other test here uses.
import type { APIContext } from 'astro';
import { describe, it, expect } from 'vitest';
import { asMerchant, refused, callRoute } from '../../../../tests/helpers/merchant-api.ts';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  merchant,
  merchantProductCategory,
  product,
  productMerchantCategory,
  storeOrder,
  storeOrderProduct,
} from '../../db/schema/index.ts';
import { addLine, newShopper, pickSku, placeOrder, topUp } from '../../../../tests/helpers/checkout.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { CHAT_TEXT } from '../../../shared/chat.ts';
import { changeSequence, changedSince } from '../cache.ts';
import { collectShown } from '../cache-tags.ts';
import { getMerchant } from '../merchant/get-merchant.ts';
import { getMerchantConfig } from '../merchant/get-merchant-config.ts';
import { uploadMerchantImage } from '../media/upload-image.ts';
import { listMerchantProductCategories } from '../merchant/list-merchant-product-categories.ts';
import { listMerchantProducts } from '../merchant/list-merchant-products.ts';
import { hasService } from '../chat/shopper-chat.ts';
import { checkOrder } from '../order/check-order.ts';
import { payOrder } from '../payment/pay-order.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';
import { getShopSettings, updateShopSettings, SHOP_TEXT } from './shop-settings.ts';
import {
  CATEGORY_TEXT,
  createShopCategory,
  deleteShopCategory,
  listShopCategories,
  updateShopCategory,
  type ShopCategoryDto,
} from './shop-categories.ts';
import { POST as updateRoute } from '../../../pages/api/merchant/store/update.ts';
import { GET as infoRoute } from '../../../pages/api/merchant/store/info.ts';
import { POST as deleteCategoryRoute } from '../../../pages/api/merchant/store/category/delete/[id].ts';

const visitor = (d: Database) => ({ db: d.db, user: null });

const flat = (list: ShopCategoryDto[]): ShopCategoryDto[] => list.flatMap((c) => [c, ...flat(c.children)]);

export function shopSettingsSuite(open: () => Promise<Database>) {
  describe('shop settings', () => {
    it('reads its own settings, changes some, and shoppers see the change at once on the cached shop card and pages', async () => {
      const d = await open();
      const m = await asMerchant(d, 11);
      const before = await getShopSettings(m);
      const [row] = await d.db.select().from(merchant).where(eq(merchant.merId, 11));
      expect(before).toEqual({
        mer_id: 11,
        mer_name: row!.merName,
        mer_info: row!.merInfo,
        mer_keyword: row!.merKeyword,
        service_phone: row!.servicePhone,
        notice_phone: '13705710011',
        services_type: row!.servicesType,
        mer_address: row!.merAddress,
        allow_take: row!.allowTake ? 1 : 0,
        take_address: row!.takeAddress,
        take_phone: row!.takePhone,
        take_hours: row!.takeHours,
        mer_avatar: row!.merAvatar,
        mer_banner: row!.merBanner,
        banners: row!.banners,
      });

      // A shopper's look at the shop card fills the read cache; a visitor page records what it showed.
      const shown = new Set<string>();
      const card = await collectShown(shown, () => getMerchant(visitor(d), { id: 11 }));
      expect(card.mer_info).toBe(before.mer_info);
      const seq = changeSequence(d.db);

      const after = await updateShopSettings(m, {
        mer_info: '  专注好茶二十年  ',
        mer_keyword: '茶叶 绿茶',
        service_phone: '0571-88886666',
        mer_address: '浙江省杭州市西湖区龙井路1号',
        // Ignored like any field the merchant API does not know.
        color: 'red',
      });
      expect(after).toMatchObject({
        mer_id: 11,
        mer_name: before.mer_name,
        mer_info: '专注好茶二十年',
        mer_keyword: '茶叶 绿茶',
        service_phone: '0571-88886666',
        mer_address: '浙江省杭州市西湖区龙井路1号',
        services_type: before.services_type,
      });
      expect(await getShopSettings(m)).toEqual(after);
      // The cached card shows it right after the write, and a visitor page that showed the shop is dropped.
      expect(await getMerchant(visitor(d), { id: 11 })).toMatchObject({
        mer_info: '专注好茶二十年',
        service_phone: '0571-88886666',
        mer_address: '浙江省杭州市西湖区龙井路1号',
      });
      expect(changedSince(d.db, seq, shown)).toBe(true);
      // A 400/800 number and a mobile are service phones too.
      expect((await updateShopSettings(m, { service_phone: '400-820-8820' })).service_phone).toBe('400-820-8820');
      expect((await updateShopSettings(m, { service_phone: 13912345678 })).service_phone).toBe('13912345678');
    });

    it('refuses bad input with a Chinese message and changes nothing; the name and images stay read-only', async () => {
      const d = await open();
      const m = await asMerchant(d, 12);
      const before = await getShopSettings(m);
      await refused(updateShopSettings(m, { service_phone: '12345' }), 400, /^客服电话格式不正确/);
      await refused(updateShopSettings(m, { take_phone: '010-12' }), 400, /^自提点电话格式不正确/);
      await refused(updateShopSettings(m, { mer_info: '好'.repeat(201) }), 400, '店铺简介不能超过200个字');
      await refused(updateShopSettings(m, { mer_keyword: 'k'.repeat(61) }), 400, '店铺关键词不能超过60个字');
      await refused(updateShopSettings(m, { mer_address: 'a'.repeat(201) }), 400, '店铺地址不能超过200个字');
      await refused(updateShopSettings(m, { mer_keyword: '茶\u001b[2J' }), 400, '店铺关键词不能包含特殊控制字符');
      await refused(updateShopSettings(m, { mer_info: '简介\u0007' }), 400, '店铺简介不能包含特殊控制字符');
      await refused(updateShopSettings(m, { services_type: 5 }), 400, '客服方式不正确：0 在线客服，1 仅电话客服');
      await refused(updateShopSettings(m, { allow_take: 2 }), 400, '到店自提只能是0（关闭）或1（开启）');
      await refused(updateShopSettings(m, { mer_info: 12, services_type: '2' }), 400, /^客服方式不正确/);
      await refused(updateShopSettings(m, { mer_name: '改名旗舰店', mer_info: '新简介' }), 400, /^店铺名称暂不支持/);
      await refused(updateShopSettings(m, { mer_avatar: '/media/1.webp' }), 400, SHOP_TEXT.pictures);
      await refused(updateShopSettings(m, {}), 400, /^请填写要修改的设置/);
      await refused(updateShopSettings(m, { colour: 'red' }), 400, /^请填写要修改的设置/);
      expect(await getShopSettings(m)).toEqual(before);

      // The same through HTTP: the envelope's 400 and message, then a change answered with all the settings.
      const bad = await callRoute(d, updateRoute, 12, { body: { service_phone: 'call me' } });
      expect(bad).toMatchObject({
        http: 400,
        body: { status: 400, message: '客服电话格式不正确，请填写手机号、带区号的固话或400/800电话' },
      });
      const good = await callRoute(d, updateRoute, 12, { body: { mer_keyword: '数码 手机' } });
      expect(good).toMatchObject({ http: 200, body: { status: 200, data: { ...before, mer_keyword: '数码 手机' } } });
      expect(await callRoute(d, infoRoute, 12, { method: 'GET' })).toMatchObject({
        http: 200,
        body: { data: { mer_keyword: '数码 手机' } },
      });
      const noToken = await infoRoute({
        request: new Request('http://mall.test/api/merchant/store/info'),
        params: {},
        locals: { ctx: { db: d.db, user: null, ip: '192.0.2.8' } },
      } as unknown as APIContext);
      expect(noToken.status).toBe(401);
    });

    it('pickup at the shop needs an address, a phone and hours, checked on the settings as they would be; checkout follows', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      await updateShopSettings(m, { allow_take: 0, take_address: '', take_phone: '', take_hours: '' });
      const before = await getShopSettings(m);
      await refused(updateShopSettings(m, { allow_take: 1 }), 400, SHOP_TEXT.takeAddress);
      await refused(
        updateShopSettings(m, { allow_take: 1, take_address: '上海市静安区南京西路1号', take_phone: '021-62345678' }),
        400,
        SHOP_TEXT.takeHours,
      );
      expect(await getShopSettings(m)).toEqual(before);

      const shopper = await newShopper(d);
      const cartId = await addLine(shopper, await pickSku(d, { merId: 13 }));
      const check = async () => (await checkOrder(shopper, { cart_id: [cartId], address_id: shopper.addressId })).order[0]!;
      expect((await check()).order.allow_take).toBe(0);

      const on = await updateShopSettings(m, {
        allow_take: '1',
        take_address: '上海市静安区南京西路1号',
        take_phone: '021-62345678',
        take_hours: '每天 10:00-21:00',
      });
      expect(on).toMatchObject({ allow_take: 1, take_address: '上海市静安区南京西路1号', take_hours: '每天 10:00-21:00' });
      expect(await check()).toMatchObject({
        order: { allow_take: 1 },
        take: {
          mer_take_status: 1,
          mer_take_address: '上海市静安区南京西路1号',
          mer_take_phone: '021-62345678',
          mer_take_time: '每天 10:00-21:00',
        },
      });
      // Clearing one of them while pickup stays on is refused; turning pickup off first is not.
      await refused(updateShopSettings(m, { take_phone: '' }), 400, SHOP_TEXT.takePhone);
      expect((await getShopSettings(m)).take_phone).toBe('021-62345678');
      expect(await updateShopSettings(m, { allow_take: 0, take_phone: '' })).toMatchObject({ allow_take: 0, take_phone: '' });
      expect((await check()).order.allow_take).toBe(0);
    });

    it('services_type 1 makes the shop phone-only for shoppers at once (needs a phone); 0 brings chat back', async () => {
      const d = await open();
      const m = await asMerchant(d, 14);
      await updateShopSettings(m, { services_type: 0 });
      const shopper = await newShopper(d);
      // Reading the desk fills the shop card cache, which the change must drop.
      expect(await hasService(shopper, { mer_id: 14 })).toEqual({ mer_id: 14, service_id: 14 });

      await updateShopSettings(m, { service_phone: '' });
      await refused(updateShopSettings(m, { services_type: 1 }), 400, SHOP_TEXT.phoneOnly);
      expect(await hasService(shopper, { mer_id: 14 })).toEqual({ mer_id: 14, service_id: 14 });

      expect(await updateShopSettings(m, { services_type: 1, service_phone: '13800138000' })).toMatchObject({
        services_type: 1,
        service_phone: '13800138000',
      });
      await refused(hasService(shopper, { mer_id: 14 }), 400, CHAT_TEXT.noService);
      expect(await getMerchant(visitor(d), { id: 14 })).toMatchObject({ services_type: 1, service_phone: '13800138000' });
      // A phone-only shop cannot drop its phone.
      await refused(updateShopSettings(m, { service_phone: '' }), 400, SHOP_TEXT.phoneOnly);

      await updateShopSettings(m, { services_type: 0 });
      expect(await hasService(shopper, { mer_id: 14 })).toEqual({ mer_id: 14, service_id: 14 });
    });
    it('the shop address set here is where an approved return goes, with the service phone', async () => {
      const d = await open();
      const m = await asMerchant(d, 10);
      const shopper = await newShopper(d);
      await topUp(d, shopper.user.uid, 10_000_000);
      const { order } = await placeOrder(shopper, [await addLine(shopper, await pickSku(d, { merId: 10 }))]);
      await payOrder(shopper, { id: order.order_id, type: 'balance' });
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
      const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o!.orderId));
      const refund = await refundRequestForTest(d, shopper, o!.orderId, [{ orderProductId: line!.orderProductId, num: 1 }], 2, 1);

      await updateShopSettings(m, { mer_address: '江苏省苏州市工业园区星湖街328号 退货组', service_phone: '0512-66668888' });
      const approved = await approveMerchantRefund(m, { id: refund.refundOrderId });
      expect(approved).toMatchObject({
        mer_delivery_address: '江苏省苏州市工业园区星湖街328号 退货组',
        mer_delivery_phone: '0512-66668888',
      });
    });
  });

  describe('pictures of the shop', () => {
    it('avatar, top banner and carousel from the shop\u2019s own uploads show to shoppers at once; another shop\u2019s or a foreign picture is refused', async () => {
      const d = await open();
      const m = await asMerchant(d, 8);
      const png = (g: number) =>
        sharp({ create: { width: 12, height: 12, channels: 3, background: { r: 200, g, b: 40 } } })
          .png()
          .toBuffer()
          .then((b) => new Uint8Array(b));
      const [avatar, one, two] = await Promise.all(
        [png(1), png(2), png(3)].map(async (b) => (await uploadMerchantImage(m, { bytes: await b })).path),
      );
      const theirs = (await uploadMerchantImage(await asMerchant(d, 9), { bytes: await png(4) })).path;
      const before = await getShopSettings(m);
      // Seen by a shopper first, so the cached shop card and carousel must be dropped by the change.
      await getMerchant(visitor(d), { id: 8 });
      await getMerchantConfig(visitor(d), { id: 8 });

      const after = await updateShopSettings(m, { mer_avatar: avatar, banners: [one, two] });
      expect(after).toMatchObject({ mer_avatar: avatar, mer_banner: before.mer_banner, banners: [one, two] });
      expect((await getMerchant(visitor(d), { id: 8 })).mer_avatar).toBe(avatar);
      expect((await getMerchantConfig(visitor(d), { id: 8 })).banner).toEqual([{ img: one }, { img: two }]);

      for (const bad of [
        { mer_banner: theirs },
        { banners: [one, theirs] },
        { mer_avatar: 'https://img.example/a.png' },
        { mer_avatar: '' },
      ]) {
        await expect(updateShopSettings(m, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: 'invalid' });
      }
      await expect(updateShopSettings(m, { banners: [one, two, one, two, one, two] })).rejects.toMatchObject({
        message: '店铺轮播图最多5张',
      });
      expect(await getShopSettings(m)).toEqual(after);
      // Pictures it already shows may be sent again (a client sending the settings back whole); [] clears the carousel.
      expect(await updateShopSettings(m, { mer_banner: before.mer_banner, banners: [] })).toMatchObject({
        mer_banner: before.mer_banner,
        banners: [],
      });
      expect((await getMerchantConfig(visitor(d), { id: 8 })).banner).toEqual([]);
    });
  });

  describe('shop categories', () => {
    it('creates top-level and child categories that shoppers see at once; hidden ones they do not', async () => {
      const d = await open();
      const m = await asMerchant(d, 15);
      const mine = await listShopCategories(m);
      const rows = await d.db.select().from(merchantProductCategory).where(eq(merchantProductCategory.merId, 15));
      expect(mine.count).toBe(rows.length);
      expect(flat(mine.list)).toHaveLength(rows.length);
      // Product counts: the seed files each product under one child category.
      const linked = await d.db
        .select({ id: productMerchantCategory.merCateId })
        .from(productMerchantCategory)
        .innerJoin(product, eq(product.productId, productMerchantCategory.productId))
        .where(eq(product.merId, 15));
      expect(flat(mine.list).reduce((n, c) => n + c.product_count, 0)).toBe(linked.length);
      expect(linked.length).toBeGreaterThan(0);
      const top = mine.list[0]!;
      expect(top).toMatchObject({ pid: 0, is_show: 1 });
      expect(top.children.every((c) => c.pid === top.store_category_id)).toBe(true);

      // The shopper's tree, cached until the shop changes.
      const seen = await listMerchantProductCategories(visitor(d), { id: 15 });
      expect(seen.map((c) => c.cate_name)).toEqual(mine.list.map((c) => c.cate_name));

      const created = await createShopCategory(m, { cate_name: ' 新品上市 ', sort: 999 });
      expect(created).toMatchObject({ pid: 0, cate_name: '新品上市', sort: 999, is_show: 1, product_count: 0, children: [] });
      const maxId = (await d.db.select({ id: merchantProductCategory.merCateId }).from(merchantProductCategory)).reduce(
        (a, r) => Math.max(a, r.id),
        0,
      );
      expect(created.store_category_id).toBe(maxId);
      const child = await createShopCategory(m, { cate_name: '冬季限定', pid: created.store_category_id, sort: '5' });
      expect(child).toMatchObject({ pid: created.store_category_id, sort: 5 });
      const hidden = await createShopCategory(m, { cate_name: '内部测试', is_show: 0 });

      const tree = await listMerchantProductCategories(visitor(d), { id: 15 });
      expect(tree[0]).toEqual({
        store_category_id: created.store_category_id,
        pid: 0,
        cate_name: '新品上市',
        children: [{ store_category_id: child.store_category_id, pid: created.store_category_id, cate_name: '冬季限定', children: [] }],
      });
      expect(tree.some((c) => c.store_category_id === hidden.store_category_id)).toBe(false);
      expect((await listShopCategories(m)).list.find((c) => c.store_category_id === hidden.store_category_id)).toMatchObject({
        is_show: 0,
      });

      // Shown, renamed and re-sorted: the shoppers' tree follows.
      await updateShopCategory(m, { id: hidden.store_category_id, is_show: 1, cate_name: '会员专享', sort: 1000 });
      expect((await listMerchantProductCategories(visitor(d), { id: 15 }))[0]).toMatchObject({
        store_category_id: hidden.store_category_id,
        cate_name: '会员专享',
      });
    });

    it('a category the shoppers\u2019 tree does not show (hidden, or a shown child of a hidden one) filters the shop list as an unknown id does', async () => {
      const d = await open();
      const m = await asMerchant(d, 6);
      const shopper = visitor(d);
      const filter = (mer_cate_id: number) => listMerchantProducts(shopper, { id: 6, mer_cate_id, limit: 100 });
      const ids = (page: { list: { product_id: number }[] }) => page.list.map((p) => p.product_id).sort((a, b) => a - b);
      const unknown = await filter(999999999);
      expect(unknown).toMatchObject({ count: 0, list: [] });
      const whole = ids(await listMerchantProducts(shopper, { id: 6, limit: 100 }));

      const top = (await listShopCategories(m)).list.find((c) => c.children.filter((x) => x.product_count > 0).length > 1);
      const child = top!.children.find((x) => x.product_count > 0)!;
      const inTop = ids(await filter(top!.store_category_id));
      const inChild = ids(await filter(child.store_category_id));
      expect(inChild.length).toBeGreaterThan(0);
      expect(inTop).toEqual(expect.arrayContaining(inChild));

      // The parent hidden: its child stays shown in the shop's own list but leaves the shoppers' tree with it.
      await updateShopCategory(m, { id: top!.store_category_id, is_show: 0 });
      const tree = await listMerchantProductCategories(shopper, { id: 6 });
      const treeIds = tree.flatMap((c) => [c.store_category_id, ...c.children.map((x) => x.store_category_id)]);
      expect(treeIds).not.toContain(top!.store_category_id);
      expect(treeIds).not.toContain(child.store_category_id);
      expect(await filter(top!.store_category_id)).toEqual(unknown);
      expect(await filter(child.store_category_id)).toEqual(unknown);
      // Its products are still on sale in the shop.
      expect(ids(await listMerchantProducts(shopper, { id: 6, limit: 100 }))).toEqual(whole);
      expect(whole).toEqual(expect.arrayContaining(inTop));

      // A hidden child of a shown parent: not a filter, and the parent no longer lists the products filed only there.
      await updateShopCategory(m, { id: top!.store_category_id, is_show: 1 });
      await updateShopCategory(m, { id: child.store_category_id, is_show: 0 });
      expect(await filter(child.store_category_id)).toEqual(unknown);
      const shownChildren = top!.children.filter((x) => x.store_category_id !== child.store_category_id);
      const stillFiled = new Set<number>();
      for (const x of shownChildren) for (const id of ids(await filter(x.store_category_id))) stillFiled.add(id);
      expect(ids(await filter(top!.store_category_id))).toEqual(inTop.filter((id) => stillFiled.has(id)));

      // Shown again: the filters are back; another shop's category is no filter here either.
      await updateShopCategory(m, { id: child.store_category_id, is_show: 1 });
      expect(ids(await filter(child.store_category_id))).toEqual(inChild);
      expect(ids(await filter(top!.store_category_id))).toEqual(inTop);
      const foreign = (await listShopCategories(await asMerchant(d, 7))).list[0]!;
      expect(await filter(foreign.store_category_id)).toEqual(unknown);
    });

    it('refuses bad categories: a third level, a missing or foreign parent, another shop’s category, duplicates, control characters', async () => {
      const d = await open();
      const m = await asMerchant(d, 16);
      const other = await asMerchant(d, 17);
      const { list } = await listShopCategories(m);
      const top = list[0]!;
      const leaf = top.children[0]!;
      const foreign = (await listShopCategories(other)).list[0]!;
      const before = await d.db
        .select()
        .from(merchantProductCategory)
        .where(inArray(merchantProductCategory.merId, [16, 17]));

      await refused(createShopCategory(m, { cate_name: '三级', pid: leaf.store_category_id }), 400, CATEGORY_TEXT.parentNotTop);
      await refused(createShopCategory(m, { cate_name: '别人的', pid: foreign.store_category_id }), 404, CATEGORY_TEXT.parentGone);
      await refused(createShopCategory(m, { cate_name: '不存在', pid: 999999999 }), 404, CATEGORY_TEXT.parentGone);
      await refused(createShopCategory(m, { cate_name: top.cate_name }), 400, CATEGORY_TEXT.duplicate);
      await refused(createShopCategory(m, { cate_name: '' }), 400, '请填写分类名称');
      await refused(createShopCategory(m, { cate_name: '分'.repeat(21) }), 400, '分类名称不能超过20个字');
      await refused(createShopCategory(m, { cate_name: '新\u0000品' }), 400, /参数错误|特殊控制字符/);
      await refused(createShopCategory(m, { cate_name: '新\u009b品' }), 400, '分类名称不能包含特殊控制字符');
      await refused(createShopCategory(m, { cate_name: '负排序', sort: -1 }), 400, '排序不能小于0');
      // Not numbers: coercion would read them as 0 (a child moved to the top level) or as the one number in the array.
      await refused(createShopCategory(m, { cate_name: '数组排序', sort: [5] }), 400, '排序必须是数字');
      await refused(updateShopCategory(m, { id: leaf.store_category_id, pid: [] }), 400, '上级分类格式不正确');
      await refused(updateShopCategory(m, { id: leaf.store_category_id, pid: false }), 400, '上级分类格式不正确');
      await refused(createShopCategory(m, { cate_name: '显示', is_show: 3 }), 400, '是否显示只能是0（隐藏）或1（显示）');

      await refused(updateShopCategory(m, { id: foreign.store_category_id, cate_name: '抢来的' }), 404, CATEGORY_TEXT.gone);
      await refused(deleteShopCategory(m, { id: foreign.children[0]!.store_category_id }), 404, CATEGORY_TEXT.gone);
      await refused(updateShopCategory(m, { id: leaf.store_category_id, pid: leaf.store_category_id }), 400, CATEGORY_TEXT.ownParent);
      await refused(
        updateShopCategory(m, { id: top.store_category_id, pid: list[1]!.store_category_id }),
        400,
        CATEGORY_TEXT.movedWithChildren,
      );
      await refused(updateShopCategory(m, { id: leaf.store_category_id }), 400, /^请填写要修改的内容/);
      await refused(updateShopCategory(m, { id: 'abc', cate_name: '好' }), 400, '分类ID格式不正确');
      const http = await callRoute(d, deleteCategoryRoute, 16, { params: { id: String(foreign.store_category_id) } });
      expect(http).toMatchObject({ http: 404, body: { status: 404, message: CATEGORY_TEXT.gone } });

      expect(
        await d.db
          .select()
          .from(merchantProductCategory)
          .where(inArray(merchantProductCategory.merId, [16, 17])),
      ).toEqual(before);
    });

    it('refuses to delete a category with children; a deleted child takes its product links, the products stay on sale', async () => {
      const d = await open();
      const m = await asMerchant(d, 18);
      const top = (await listShopCategories(m)).list.find((c) => c.children.some((x) => x.product_count > 0))!;
      await refused(deleteShopCategory(m, { id: top.store_category_id }), 400, CATEGORY_TEXT.hasChildren);
      expect((await listShopCategories(m)).list.find((c) => c.store_category_id === top.store_category_id)?.children).toHaveLength(
        top.children.length,
      );

      const filed = await listMerchantProducts(visitor(d), { id: 18, mer_cate_id: top.store_category_id, limit: 100 });
      expect(filed.count).toBeGreaterThan(0);
      let freed = 0;
      for (const c of top.children) freed += (await deleteShopCategory(m, { id: c.store_category_id })).products;
      expect(freed).toBe(top.children.reduce((n, c) => n + c.product_count, 0));
      expect(await deleteShopCategory(m, { id: top.store_category_id })).toEqual({ store_category_id: top.store_category_id, products: 0 });
      await refused(deleteShopCategory(m, { id: top.store_category_id }), 404, CATEGORY_TEXT.gone);

      expect((await listMerchantProductCategories(visitor(d), { id: 18 })).some((c) => c.store_category_id === top.store_category_id)).toBe(
        false,
      );
      expect(
        await d.db
          .select()
          .from(productMerchantCategory)
          .where(
            inArray(
              productMerchantCategory.merCateId,
              top.children.map((c) => c.store_category_id),
            ),
          ),
      ).toEqual([]);
      // The products themselves are still on sale in the shop.
      const ids = filed.list.map((p) => p.product_id);
      const still = await d.db
        .select({ id: product.productId })
        .from(product)
        .where(and(inArray(product.productId, ids), eq(product.merId, 18)));
      expect(still).toHaveLength(ids.length);
    });

    it('gives categories created at once in two shops different ids', async () => {
      const d = await open();
      const [a, b] = [await asMerchant(d, 19), await asMerchant(d, 20)];
      const made = await Promise.all(Array.from({ length: 6 }, (_, i) => createShopCategory(i % 2 ? a : b, { cate_name: `并发分类${i}` })));
      expect(new Set(made.map((c) => c.store_category_id)).size).toBe(6);
      const rows = await d.db
        .select()
        .from(merchantProductCategory)
        .where(
          inArray(
            merchantProductCategory.merCateId,
            made.map((c) => c.store_category_id),
          ),
        );
      expect(rows.map((r) => r.merId).sort()).toEqual([19, 19, 19, 20, 20, 20]);
    });
  });
}
