// A shop's own coupons through the merchant API on a real database: run on PGlite (coupons.test.ts) and on
// PostgreSQL 15 (coupons.postgres.test.ts). Tests share one database per file: each uses demo shops no other test
// here writes to, its own coupons and its own shoppers.
import { describe, it, expect, vi } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { asMerchant, refused, callRoute } from '../../../../tests/helpers/merchant-api.ts';
import { addLine, newShopper, pickSku } from '../../../../tests/helpers/checkout.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { coupon, couponProduct, couponUser, product } from '../../db/schema/index.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale.ts';
import { MERCHANT_COUPON_TEXT } from '../../../shared/schemas/merchant-coupon.ts';
import type { PageInput } from '../../../loaders/page.ts';
import { loadGoodsDetail } from '../../../loaders/goods-detail.ts';
import { loadMerchantCoupons } from '../../../loaders/merchant-coupons.ts';
import { changeSequence, changedSince } from '../cache.ts';
import { COUPON_FLAGS, collectShown } from '../cache-tags.ts';
import { claimCoupon, COUPON_TEXT } from '../coupon/claim-coupon.ts';
import { listCoupons } from '../coupon/list-coupons.ts';
import { listMerchantCoupons } from '../coupon/list-merchant-coupons.ts';
import { listProductCoupons } from '../coupon/list-product-coupons.ts';
import { listUserCoupons } from '../coupon/list-user-coupons.ts';
import { checkOrder } from '../order/check-order.ts';
import {
  COUPON_API_TEXT,
  LIVE_COUPONS_PER_SHOP,
  createMerchantCoupon,
  deleteMerchantCoupon,
  getMerchantCoupon,
  listOwnCoupons,
  setMerchantCouponStatus,
  updateMerchantCoupon,
} from './coupons.ts';
import { POST as createRoute } from '../../../pages/api/merchant/coupon/create.ts';
import { GET as listRoute } from '../../../pages/api/merchant/coupon/lst.ts';
import { GET as detailRoute } from '../../../pages/api/merchant/coupon/detail/[id].ts';
import { POST as updateRoute } from '../../../pages/api/merchant/coupon/update/[id].ts';
import { POST as statusRoute } from '../../../pages/api/merchant/coupon/status/[id].ts';
import { POST as deleteRoute } from '../../../pages/api/merchant/coupon/delete/[id].ts';

const DAY = 86_400_000;
/** An instant as the API writes times (mall time). */
const mall = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

let seq = 0;
/** A shop coupon: ¥10 off from ¥100, valid 7 days after claiming, unlimited; `extra` overrides. */
const shopCoupon = (extra: Record<string, unknown> = {}) => ({
  title: `店庆满减券${++seq}`,
  coupon_price: '10',
  use_min_price: '100',
  coupon_type: 0,
  coupon_time: 7,
  ...extra,
});

function pageInput(d: Database, path: string, params: Record<string, string> = {}): PageInput {
  return {
    locals: { db: d.db, user: null, token: null, locale: { ...DEFAULT_LOCALE }, ctx: { db: d.db, user: null } },
    url: new URL(path, 'http://mall.test'),
    params,
  } as PageInput;
}

function data<T>(r: { ok: true; data: T } | { ok: false; status: number; message: string }): T {
  if (!r.ok) throw new Error(`expected data, got ${r.status} ${r.message}`);
  return r.data;
}

/** A product page as a visitor gets it, and the tags its cached copy carries. */
async function productPage(d: Database, productId: number) {
  const shown = new Set<string>();
  const page = data(
    await collectShown(shown, () => loadGoodsDetail(pageInput(d, `/goods_detail/${productId}`, { id: String(productId) }))),
  );
  return { coupons: page.extras.coupons.map((c) => c.coupon_id), shown };
}

/** The shop's coupon page (`/store/storeCoupon?id=`) as a visitor gets it, and its tags. */
async function storeCouponPage(d: Database, merId: number) {
  const shown = new Set<string>();
  const page = data(await collectShown(shown, () => loadMerchantCoupons(pageInput(d, `/store/storeCoupon?id=${merId}`))));
  return { coupons: page.coupons.map((c) => c.coupon_id), shown };
}

export function merchantCouponsSuite(open: () => Promise<Database>) {
  describe('a shop runs its own coupons', () => {
    it('a new shop coupon is offered at once on its product pages, its coupon page and the coupon centre, and is claimed on its terms', async () => {
      const d = await open();
      const m = await asMerchant(d, 2);
      const visitor = visitorContext(d);
      const sku = await pickSku(d, { merId: 2 });
      const otherSku = await pickSku(d, { merId: 4 });
      const before = await productPage(d, sku.productId);
      const store = await storeCouponPage(d, 2);
      const otherShop = await productPage(d, otherSku.productId);
      const since = changeSequence(d.db);

      const c = await createMerchantCoupon(m, shopCoupon({ title: '二号店满100减10', is_limited: 1, total_count: 3, sort: 5 }));
      expect(c).toMatchObject({
        mer_id: 2,
        title: '二号店满100减10',
        type: 0,
        type_label: '店铺券',
        coupon_price: '10.00',
        use_min_price: '100.00',
        coupon_type: 0,
        coupon_time: 7,
        use_start_time: null,
        use_end_time: null,
        start_time: null,
        end_time: null,
        is_limited: 1,
        total_count: 3,
        remain_count: 3,
        user_limit: 1,
        status: 1,
        sort: 5,
        product_id: [],
        send_num: 0,
        used_num: 0,
        unused_num: 0,
      });
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toEqual(c);

      // The pages showing the shop's coupons are dropped; another shop's product page and the cards' markers are not
      // (every shop already has a claimable shop coupon).
      expect(changedSince(d.db, since, before.shown)).toBe(true);
      expect(changedSince(d.db, since, store.shown)).toBe(true);
      expect(changedSince(d.db, since, otherShop.shown)).toBe(false);
      expect(changedSince(d.db, since, [COUPON_FLAGS])).toBe(false);
      expect(before.coupons).not.toContain(c.coupon_id);
      expect((await productPage(d, sku.productId)).coupons).toContain(c.coupon_id);
      expect((await storeCouponPage(d, 2)).coupons).toContain(c.coupon_id);
      expect((await listMerchantCoupons(visitor, { id: 2 })).map((x) => x.coupon_id)).toContain(c.coupon_id);
      const centre = await listCoupons(visitor, { type: 0, limit: 100 });
      expect(centre.list.find((x) => x.coupon_id === c.coupon_id)).toMatchObject({ title: '二号店满100减10', coupon_price: '10.00' });

      // A shopper claims it: it is theirs on its terms, and the shop sees the count.
      const s = await newShopper(d);
      await claimCoupon(s, { id: c.coupon_id });
      const mine = (await listUserCoupons(s, { statusTag: 1 })).list.find((x) => x.coupon_id === c.coupon_id);
      expect(mine).toMatchObject({ coupon_title: '二号店满100减10', coupon_price: '10.00', use_min_price: '100.00', mer_id: 2 });
      expect(mine!.end_time).toBe(mall(Date.parse(`${mine!.start_time!.replace(' ', 'T')}+08:00`) + 7 * DAY));
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({ send_num: 1, unused_num: 1, used_num: 0, remain_count: 2 });

      // Over HTTP, the list pages newest first and filters by status.
      const listed = await callRoute(d, listRoute, 2, { method: 'GET', query: 'status=1&limit=5' });
      expect(listed.http).toBe(200);
      expect((listed.body.data as { list: { coupon_id: number }[] }).list[0]!.coupon_id).toBe(c.coupon_id);
      const again = await createMerchantCoupon(m, shopCoupon({ status: 0 }));
      expect((await listOwnCoupons(m, { limit: 1 })).list.map((x) => x.coupon_id)).toEqual([again.coupon_id]);
      expect((await listOwnCoupons(m, { status: '0' })).list.map((x) => x.coupon_id)).toEqual([again.coupon_id]);
      const on = await listOwnCoupons(m, { status: 1, limit: 100 });
      expect(on.list.map((x) => x.coupon_id)).toContain(c.coupon_id);
      expect(on.list.every((x) => x.status === 1 && x.mer_id === 2)).toBe(true);
      expect((await listOwnCoupons(m, { page: 2, limit: 1 })).list.map((x) => x.coupon_id)).toEqual([c.coupon_id]);
      await refused(listOwnCoupons(m, { status: 'x' }), 400, '优惠券状态不正确，可选：all、1、0');
      // Created off, it is offered nowhere.
      expect((await listMerchantCoupons(visitor, { id: 2, all: 1 })).map((x) => x.coupon_id)).not.toContain(again.coupon_id);
    });

    it("a product coupon covers the shop's own products it lists, shows on their pages, and moves with its list", async () => {
      const d = await open();
      const m = await asMerchant(d, 3);
      const visitor = visitorContext(d);
      const [a, b] = await d.db
        .select({ id: product.productId })
        .from(product)
        .where(and(eq(product.merId, 3), eq(product.productType, 0), eq(product.status, 1)))
        .orderBy(product.productId)
        .limit(2);
      const pageA = await productPage(d, a!.id);
      const since = changeSequence(d.db);
      const c = await createMerchantCoupon(m, {
        title: '单品券',
        type: 1,
        product_id: [a!.id],
        coupon_price: 5,
        use_min_price: 0,
        coupon_type: 1,
        use_start_time: mall(Date.now() - DAY),
        use_end_time: mall(Date.now() + 30 * DAY),
      });
      expect(c).toMatchObject({
        type: 1,
        type_label: '商品券',
        product_id: [a!.id],
        coupon_type: 1,
        coupon_time: 0,
        use_min_price: '0.00',
      });
      expect(c.products).toMatchObject([{ product_id: a!.id }]);
      // No product coupon marked that product before: the cards' markers change with it.
      expect(changedSince(d.db, since, [COUPON_FLAGS])).toBe(true);
      expect(changedSince(d.db, since, pageA.shown)).toBe(true);
      expect(pageA.coupons).not.toContain(c.coupon_id);
      expect((await productPage(d, a!.id)).coupons).toContain(c.coupon_id);
      expect((await listProductCoupons(visitor, { ids: String(a!.id) })).map((x) => x.coupon_id)).toContain(c.coupon_id);
      expect((await listMerchantCoupons(visitor, { id: 3, all: 1 })).map((x) => x.coupon_id)).toContain(c.coupon_id);
      expect((await listMerchantCoupons(visitor, { id: 3 })).map((x) => x.coupon_id)).not.toContain(c.coupon_id);

      // Moved to the other product: A's page drops it, B's shows it.
      const pageB = await productPage(d, b!.id);
      const moved = await updateMerchantCoupon(m, { id: c.coupon_id, product_id: [b!.id] });
      expect(moved.product_id).toEqual([b!.id]);
      expect((await productPage(d, a!.id)).coupons).not.toContain(c.coupon_id);
      expect(pageB.coupons).not.toContain(c.coupon_id);
      expect((await productPage(d, b!.id)).coupons).toContain(c.coupon_id);

      // Another shop's product or a flash-sale / presale copy is refused, and nothing changes.
      const [foreign] = await d.db.select({ id: product.productId }).from(product).where(ne(product.merId, 3)).limit(1);
      await refused(
        updateMerchantCoupon(m, { id: c.coupon_id, product_id: [b!.id, foreign!.id] }),
        400,
        COUPON_API_TEXT.notOwnProduct(foreign!.id),
      );
      const [activity] = await d.db
        .select({ id: product.productId, merId: product.merId })
        .from(product)
        .where(ne(product.productType, 0))
        .limit(1);
      const owner = await asMerchant(d, activity!.merId);
      await refused(
        createMerchantCoupon(owner, { ...shopCoupon(), type: 1, product_id: [activity!.id] }),
        400,
        COUPON_API_TEXT.activityProduct(activity!.id),
      );
      await refused(
        createMerchantCoupon(m, { ...shopCoupon(), type: 1, product_id: [foreign!.id] }),
        400,
        COUPON_API_TEXT.notOwnProduct(foreign!.id),
      );
      expect((await getMerchantCoupon(m, { id: c.coupon_id })).product_id).toEqual([b!.id]);
    });

    it('refuses bad input with a Chinese message and changes nothing', async () => {
      const d = await open();
      const m = await asMerchant(d, 4);
      const c = await createMerchantCoupon(m, shopCoupon());
      const before = await listOwnCoupons(m, { limit: 100 });
      const past = mall(Date.now() - DAY);
      const soon = mall(Date.now() + DAY);
      const later = mall(Date.now() + 10 * DAY);
      const bad: [Record<string, unknown>, string | RegExp][] = [
        [{ title: '  ' }, MERCHANT_COUPON_TEXT.title],
        [{ title: '券\u001b[2J' }, '优惠券名称不能包含特殊控制字符'],
        [{ title: '长'.repeat(31) }, '优惠券名称不能超过30个字'],
        [{ type: 10 }, MERCHANT_COUPON_TEXT.type],
        [{ type: 12 }, MERCHANT_COUPON_TEXT.type],
        [{ coupon_price: '0' }, '优惠金额须大于0'],
        [{ coupon_price: '1.234' }, /^优惠金额格式不正确/],
        [{ coupon_price: 'abc' }, /^优惠金额格式不正确/],
        [{ coupon_price: '100000' }, '优惠金额不能超过99999.99元'],
        [{ use_min_price: -1 }, /^使用门槛格式不正确/],
        [{ use_min_price: '10' }, MERCHANT_COUPON_TEXT.threshold],
        [{ use_min_price: '5' }, MERCHANT_COUPON_TEXT.threshold],
        [{ coupon_type: 2 }, '有效期类型只能是0（领取后N天内有效）或1（固定使用时间）'],
        [{ coupon_time: -1 }, '有效天数须是1到365的整数'],
        [{ coupon_time: 366 }, '有效天数须是1到365的整数'],
        [{ coupon_time: 1.5 }, '有效天数须是1到365的整数'],
        // Not numbers: coercion would read them as 0 or 1.
        [{ coupon_time: [] }, '有效天数须是1到365的整数'],
        [{ user_limit: true }, /^每人限领张数须是1到/],
        [{ is_limited: 1, total_count: [[]] }, /^发放总量须是0到/],
        [{ sort: ' ' }, /^排序须是0到/],
        [{ coupon_type: 1, use_start_time: soon }, MERCHANT_COUPON_TEXT.useTimes],
        [{ coupon_type: 1, use_start_time: later, use_end_time: soon }, MERCHANT_COUPON_TEXT.useOrder],
        [{ coupon_type: 1, use_start_time: mall(Date.now() - 2 * DAY), use_end_time: past }, MERCHANT_COUPON_TEXT.usePast],
        [{ coupon_type: 1, use_start_time: soon, use_end_time: '2026-02-30 00:00:00' }, '使用结束时间不是有效的时间'],
        [{ coupon_type: 1, use_start_time: 'tomorrow', use_end_time: later }, /^使用开始时间格式不正确/],
        [{ start_time: later, end_time: soon }, MERCHANT_COUPON_TEXT.claimOrder],
        [{ start_time: '0000-01-01 00:00:00' }, '领取开始时间不是有效的时间'],
        [{ end_time: past }, MERCHANT_COUPON_TEXT.claimPast],
        // More than 10 years ahead: the year 9999 was taken as a coupon that never ends.
        [{ end_time: '9999-12-31 23:59:59' }, MERCHANT_COUPON_TEXT.claimFar],
        [{ end_time: mall(Date.now() + 3660 * DAY) }, MERCHANT_COUPON_TEXT.claimFar],
        // A claim start without an end, more than 10 years ahead: 500 years was taken.
        [{ start_time: mall(Date.now() + 500 * 365 * DAY) }, '领取开始时间不能晚于10年后'],
        [{ start_time: mall(Date.now() + 3660 * DAY) }, '领取开始时间不能晚于10年后'],
        [{ coupon_type: 1, use_start_time: soon, use_end_time: '9999-12-31 23:59:59' }, MERCHANT_COUPON_TEXT.useFar],
        [
          { coupon_type: 1, use_start_time: soon, use_end_time: later, end_time: mall(Date.now() + 20 * DAY) },
          MERCHANT_COUPON_TEXT.claimAfterUse,
        ],
        [{ is_limited: 1 }, MERCHANT_COUPON_TEXT.total],
        [{ is_limited: 1, total_count: 0 }, MERCHANT_COUPON_TEXT.total],
        [{ is_limited: 0, total_count: 5 }, MERCHANT_COUPON_TEXT.unlimitedTotal],
        [{ is_limited: 1, total_count: 1_000_001 }, '发放总量须是0到1000000的整数'],
        [{ is_limited: 2 }, '是否限量只能是0（不限量）或1（限量）'],
        [{ user_limit: 0 }, '每人限领张数须是1到99的整数'],
        [{ status: 'on' }, '状态只能是0（停止发放）或1（发放中）'],
        [{ sort: -1 }, '排序须是0到9999的整数'],
        [{ type: 1 }, MERCHANT_COUPON_TEXT.products],
        [{ type: 1, product_id: 'x' }, '商品ID格式不正确'],
        [{ product_id: [1] }, MERCHANT_COUPON_TEXT.shopProducts],
      ];
      for (const [extra, message] of bad) {
        await refused(createMerchantCoupon(m, shopCoupon(extra)), 400, message);
        await refused(updateMerchantCoupon(m, { id: c.coupon_id, ...shopCoupon(extra) }), 400, message);
      }
      await refused(createMerchantCoupon(m, { coupon_price: '5', coupon_time: 3 }), 400, MERCHANT_COUPON_TEXT.title);
      await refused(createMerchantCoupon(m, { title: '缺金额', coupon_time: 3 }), 400, MERCHANT_COUPON_TEXT.price);
      await refused(createMerchantCoupon(m, { title: '缺天数', coupon_price: 3 }), 400, MERCHANT_COUPON_TEXT.days);
      await refused(createMerchantCoupon(m, shopCoupon({ coupon_time: 0 })), 400, MERCHANT_COUPON_TEXT.days);
      await refused(getMerchantCoupon(m, { id: 'abc' }), 400, '优惠券ID格式不正确');
      await refused(setMerchantCouponStatus(m, { id: c.coupon_id, status: 3 }), 400, '状态只能是0（停止发放）或1（发放中）');
      expect(await listOwnCoupons(m, { limit: 100 })).toEqual(before);

      // Over HTTP: a bad body is a 400 with the message, a good one answers the new coupon.
      const no = await callRoute(d, createRoute, 4, { body: shopCoupon({ type: 10 }) });
      expect(no).toMatchObject({ http: 400, body: { status: 400, message: MERCHANT_COUPON_TEXT.type } });
      const noStatus = await callRoute(d, statusRoute, 4, { body: { status: 'x' }, params: { id: String(c.coupon_id) } });
      expect(noStatus).toMatchObject({ http: 400, body: { message: '状态只能是0（停止发放）或1（发放中）' } });
      expect(await listOwnCoupons(m, { limit: 100 })).toEqual(before);
      const yes = await callRoute(d, createRoute, 4, { body: shopCoupon({ title: '新券', coupon_price: 8.5, use_min_price: 0 }) });
      expect(yes).toMatchObject({ http: 200, body: { message: '添加成功', data: { title: '新券', coupon_price: '8.50', mer_id: 4 } } });
    });

    it("once claimed, the terms in shoppers' hands stay: only the title, status, sort, claim end and a larger total change", async () => {
      const d = await open();
      const m = await asMerchant(d, 6);
      const c = await createMerchantCoupon(m, shopCoupon({ is_limited: 1, total_count: 10, user_limit: 2 }));
      // Before anyone claims it, anything may change.
      const edited = await updateMerchantCoupon(m, {
        id: c.coupon_id,
        coupon_price: '20',
        use_min_price: '150',
        coupon_type: 1,
        use_start_time: mall(Date.now() - DAY),
        use_end_time: mall(Date.now() + 60 * DAY),
        total_count: 4,
        user_limit: 1,
      });
      expect(edited).toMatchObject({
        coupon_price: '20.00',
        use_min_price: '150.00',
        coupon_type: 1,
        coupon_time: 0,
        total_count: 4,
        remain_count: 4,
      });

      const s = await newShopper(d);
      await claimCoupon(s, { id: c.coupon_id });
      const locked: [Record<string, unknown>, string][] = [
        [{ coupon_price: '25' }, COUPON_API_TEXT.claimedTerms('优惠金额')],
        [{ use_min_price: '0' }, COUPON_API_TEXT.claimedTerms('使用门槛')],
        [{ coupon_type: 0, coupon_time: 5 }, COUPON_API_TEXT.claimedTerms('有效期类型')],
        [{ use_end_time: mall(Date.now() + 90 * DAY) }, COUPON_API_TEXT.claimedTerms('使用结束时间')],
        [{ user_limit: 3 }, COUPON_API_TEXT.claimedTerms('每人限领张数')],
        [{ is_limited: 0 }, COUPON_API_TEXT.claimedTerms('是否限量')],
        [{ start_time: mall(Date.now() + DAY) }, COUPON_API_TEXT.claimedTerms('领取开始时间')],
        [{ total_count: 3 }, COUPON_API_TEXT.totalDown],
      ];
      for (const [body, message] of locked) await refused(updateMerchantCoupon(m, { id: c.coupon_id, ...body }), 400, message);
      await refused(deleteMerchantCoupon(m, { id: c.coupon_id }), 400, COUPON_API_TEXT.claimedDelete(1));
      const viaHttp = await callRoute(d, deleteRoute, 6, { params: { id: String(c.coupon_id) } });
      expect(viaHttp).toMatchObject({ http: 400, body: { message: COUPON_API_TEXT.claimedDelete(1) } });

      // Sent unchanged (the detail sent back whole), the terms pass; what may change does.
      const { coupon_id: _, ...whole } = await getMerchantCoupon(m, { id: c.coupon_id });
      const end = mall(Date.now() + 20 * DAY);
      const viaUpdate = await callRoute(d, updateRoute, 6, {
        params: { id: String(c.coupon_id) },
        body: { ...whole, title: '改名后的券', sort: 9, end_time: end, total_count: 6 },
      });
      expect(viaUpdate).toMatchObject({ http: 200, body: { message: '修改成功' } });
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({
        title: '改名后的券',
        sort: 9,
        end_time: end,
        coupon_price: '20.00',
        use_min_price: '150.00',
        total_count: 6,
        remain_count: 5,
        send_num: 1,
      });
      // The claim window's end opens again with null.
      expect((await updateMerchantCoupon(m, { id: c.coupon_id, end_time: null })).end_time).toBeNull();
      // The shopper's coupon keeps the name and terms it was claimed with.
      const mine = (await listUserCoupons(s, { statusTag: 1 })).list.find((x) => x.coupon_id === c.coupon_id);
      expect(mine).toMatchObject({ coupon_title: c.title, coupon_price: '20.00', use_min_price: '150.00' });

      // A coupon nobody claimed is deleted, with its product list.
      const spare = await createMerchantCoupon(m, shopCoupon());
      const gone = await callRoute(d, deleteRoute, 6, { params: { id: String(spare.coupon_id) } });
      expect(gone).toMatchObject({ http: 200, body: { message: '删除成功', data: { coupon_id: spare.coupon_id } } });
      await refused(getMerchantCoupon(m, { id: spare.coupon_id }), 404, COUPON_API_TEXT.gone);
      await refused(deleteMerchantCoupon(m, { id: spare.coupon_id }), 404, COUPON_API_TEXT.gone);
    });

    it(`a shop offers at most ${LIVE_COUPONS_PER_SHOP} coupons at once; paused or ended ones do not count`, async () => {
      const d = await open();
      const m = await asMerchant(d, 19);
      const offered = async () => {
        const all = (await listOwnCoupons(m, { status: 1, limit: 100 })).list;
        return all.filter((c) => !c.end_time || c.end_time > mall(Date.now())).length;
      };
      // Filled up to the limit (straight into the table: the cap is what is tested), with one ended and one paused.
      const fill = LIVE_COUPONS_PER_SHOP - (await offered());
      await d.db.insert(coupon).values(
        Array.from({ length: fill }, (_, i) => ({
          merId: 19,
          title: `满额券${i}`,
          type: 0,
          couponPrice: 100,
          couponType: 0,
          couponTime: 3,
        })),
      );
      await d.db.insert(coupon).values([
        { merId: 19, title: '已结束', type: 0, couponPrice: 100, couponType: 0, couponTime: 3, endTime: new Date(Date.now() - DAY) },
        { merId: 19, title: '已暂停', type: 0, couponPrice: 100, couponType: 0, couponTime: 3, status: false },
      ]);
      await refused(createMerchantCoupon(m, shopCoupon()), 400, COUPON_API_TEXT.tooMany);
      const paused = await createMerchantCoupon(m, shopCoupon({ status: 0 }));
      await refused(setMerchantCouponStatus(m, { id: paused.coupon_id, status: 1 }), 400, COUPON_API_TEXT.tooMany);
      await refused(updateMerchantCoupon(m, { id: paused.coupon_id, status: 1 }), 400, COUPON_API_TEXT.tooMany);
      expect(await getMerchantCoupon(m, { id: paused.coupon_id })).toMatchObject({ status: 0 });
      // One paused, there is room for another.
      const one = (await listOwnCoupons(m, { status: 1, limit: 100 })).list.find((c) => c.title.startsWith('满额券'))!;
      await setMerchantCouponStatus(m, { id: one.coupon_id, status: 0 });
      expect(await setMerchantCouponStatus(m, { id: paused.coupon_id, status: 1 })).toEqual({ coupon_id: paused.coupon_id, status: 1 });
      // An offered coupon is edited freely.
      expect((await updateMerchantCoupon(m, { id: paused.coupon_id, title: '仍在发放' })).title).toBe('仍在发放');
    });

    it("another shop's coupons, and the platform's, answer as not found and stay as they are", async () => {
      const d = await open();
      const m = await asMerchant(d, 8);
      const stranger = await asMerchant(d, 11);
      const c = await createMerchantCoupon(m, shopCoupon());
      for (const who of [stranger, m]) {
        const id = who === stranger ? c.coupon_id : 1; // coupon 1 is the platform's
        await refused(getMerchantCoupon(who, { id }), 404, COUPON_API_TEXT.gone);
        await refused(updateMerchantCoupon(who, { id, title: '抢来的券' }), 404, COUPON_API_TEXT.gone);
        await refused(setMerchantCouponStatus(who, { id, status: 0 }), 404, COUPON_API_TEXT.gone);
        await refused(deleteMerchantCoupon(who, { id }), 404, COUPON_API_TEXT.gone);
      }
      expect((await listOwnCoupons(stranger, { limit: 100 })).list.map((x) => x.coupon_id)).not.toContain(c.coupon_id);
      const viaHttp = await callRoute(d, detailRoute, 11, { method: 'GET', params: { id: String(c.coupon_id) } });
      expect(viaHttp).toMatchObject({ http: 404, body: { status: 404, message: COUPON_API_TEXT.gone } });
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toEqual(c);
      const [platform] = await d.db.select().from(coupon).where(eq(coupon.couponId, 1));
      expect(platform).toMatchObject({ status: true, merId: 0 });
    });

    it('paused, it is no longer offered or claimable, but a claimed one still takes its amount off at checkout', async () => {
      const d = await open();
      const m = await asMerchant(d, 13);
      const sku = await pickSku(d, { merId: 13 });
      const c = await createMerchantCoupon(m, shopCoupon({ coupon_price: '1', use_min_price: 0, sort: 9999 }));
      const s = await newShopper(d);
      const claimed = await claimCoupon(s, { id: c.coupon_id });
      const page = await productPage(d, sku.productId);
      expect(page.coupons).toContain(c.coupon_id);
      const since = changeSequence(d.db);

      const off = await callRoute(d, statusRoute, 13, { body: { status: 0 }, params: { id: String(c.coupon_id) } });
      expect(off).toMatchObject({ http: 200, body: { message: '已停止发放', data: { coupon_id: c.coupon_id, status: 0 } } });
      expect(changedSince(d.db, since, page.shown)).toBe(true);
      expect((await productPage(d, sku.productId)).coupons).not.toContain(c.coupon_id);
      expect((await listMerchantCoupons(visitorContext(d), { id: 13, all: 1 })).map((x) => x.coupon_id)).not.toContain(c.coupon_id);
      expect((await listCoupons(visitorContext(d), { type: 0, limit: 100 })).list.map((x) => x.coupon_id)).not.toContain(c.coupon_id);
      await refused(claimCoupon(await newShopper(d), { id: c.coupon_id }), 404, COUPON_TEXT.gone);
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({ status: 0, send_num: 1, unused_num: 1 });

      // The shopper's claimed coupon is still theirs and still applies.
      const check = await checkOrder(s, { cart_id: [await addLine(s, sku, 1, true)], address_id: s.addressId });
      const shop = check.order.find((o) => o.list.some((l) => l.product_id === sku.productId))!;
      expect(shop.coupon.find((x) => x.coupon_user_id === claimed.coupon_user_id)).toMatchObject({ checked: true, discount: '1.00' });
      expect(shop.order.coupon_price).toBe('1.00');

      // On again, it is offered again.
      await setMerchantCouponStatus(m, { id: c.coupon_id, status: '1' });
      expect((await productPage(d, sku.productId)).coupons).toContain(c.coupon_id);
      expect((await claimCoupon(await newShopper(d), { id: c.coupon_id })).coupon_id).toBe(c.coupon_id);
    });

    it('a product page stops offering a shop coupon when its last piece is claimed, and when its claim window closes with nothing written', async () => {
      const d = await open();
      const m = await asMerchant(d, 5);
      const sku = await pickSku(d, { merId: 5 });
      const last = await createMerchantCoupon(m, shopCoupon({ is_limited: 1, total_count: 1, sort: 9999 }));
      const closing = await createMerchantCoupon(m, shopCoupon({ sort: 9998 }));
      // Its claim window ends in a moment (set in the table: the clock, not a write, ends it).
      const end = Date.now() + 1500;
      await d.db
        .update(coupon)
        .set({ endTime: new Date(end) })
        .where(eq(coupon.couponId, closing.coupon_id));
      expect((await productPage(d, sku.productId)).coupons).toEqual(expect.arrayContaining([last.coupon_id, closing.coupon_id]));

      await claimCoupon(await newShopper(d), { id: last.coupon_id });
      const after = (await productPage(d, sku.productId)).coupons;
      expect(after).not.toContain(last.coupon_id);
      expect(after).toContain(closing.coupon_id);

      await vi.waitUntil(() => Date.now() > end, { timeout: 5000, interval: 20 });
      expect((await productPage(d, sku.productId)).coupons).not.toContain(closing.coupon_id);
    });

    it('shoppers claiming while the shop raises the total never get more than the total, and the counts add up', async () => {
      const d = await open();
      const m = await asMerchant(d, 18);
      const c = await createMerchantCoupon(m, shopCoupon({ is_limited: 1, total_count: 3 }));
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => newShopper(d)));
      const results = await Promise.allSettled([
        ...shoppers.slice(0, 5).map((s) => claimCoupon(s, { id: c.coupon_id })),
        updateMerchantCoupon(m, { id: c.coupon_id, total_count: 7 }),
        ...shoppers.slice(5).map((s) => claimCoupon(s, { id: c.coupon_id })),
      ]);
      expect(results[5]!.status).toBe('fulfilled');
      const claims = results.filter((r, i) => i !== 5 && r.status === 'fulfilled').length;
      for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(COUPON_TEXT.soldOut);
      expect(claims).toBeGreaterThanOrEqual(3);
      expect(claims).toBeLessThanOrEqual(7);
      const rows = await d.db.select().from(couponUser).where(eq(couponUser.couponId, c.coupon_id));
      expect(rows).toHaveLength(claims);
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({ total_count: 7, remain_count: 7 - claims, send_num: claims });
      // Raised again, the stock left moves by as much.
      expect(await updateMerchantCoupon(m, { id: c.coupon_id, total_count: 12 })).toMatchObject({ remain_count: 12 - claims });
    });

    it('claims racing the shop pausing the coupon: every claim either lands before the pause or is refused', async () => {
      const d = await open();
      const m = await asMerchant(d, 20);
      const c = await createMerchantCoupon(m, shopCoupon({ is_limited: 1, total_count: 100 }));
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper(d)));
      const results = await Promise.allSettled([
        ...shoppers.slice(0, 4).map((s) => claimCoupon(s, { id: c.coupon_id })),
        setMerchantCouponStatus(m, { id: c.coupon_id, status: 0 }),
        ...shoppers.slice(4).map((s) => claimCoupon(s, { id: c.coupon_id })),
      ]);
      expect(results[4]!.status).toBe('fulfilled');
      const claims = results.filter((r, i) => i !== 4 && r.status === 'fulfilled').length;
      for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(COUPON_TEXT.gone);
      expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({ status: 0, remain_count: 100 - claims, send_num: claims });
      // After the pause, nobody gets one.
      await refused(claimCoupon(await newShopper(d), { id: c.coupon_id }), 404, COUPON_TEXT.gone);
      const links = await d.db.select().from(couponProduct).where(eq(couponProduct.couponId, c.coupon_id));
      expect(links).toEqual([]);
    });
  });
}
