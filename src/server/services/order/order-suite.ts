// Checkout on a real database: run on PGlite (create-order.test.ts) and on PostgreSQL 15 (create-order.postgres.test.ts).
// Each test makes its own shoppers and picks its own SKUs, so tests sharing one PostgreSQL server do not meet.
import { describe, it, expect } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  cart,
  coupon,
  couponUser,
  job,
  merchant,
  orderKey,
  product,
  productSku,
  seckillProduct,
  storeGroupOrder,
  storeOrder,
  storeOrderProduct,
  userAddress,
  userBill,
  users,
} from '../../db/schema/index.ts';
import { newShopper, pickSku, setStock, stockOf, addLine, placeOrder, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { presaleCartLine } from '../../../../tests/helpers/orders.ts';
import { checkOrder } from './check-order.ts';
import { createOrder } from './create-order.ts';
import { cancelGroupOrder, cancelOrder } from './cancel-order.ts';
import { getGroupOrder } from './get-group-order.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { createCart } from '../cart/create-cart.ts';
import { listSeckillProducts } from '../promotion/list-seckill-products.ts';
import { getPresellDetail } from '../promotion/get-presell-detail.ts';
import { appJobs } from '../../jobs/registry.ts';

const settled = (ps: Promise<unknown>[]) => Promise.allSettled(ps);

async function platformCouponId(d: Database): Promise<number> {
  const [c] = await d.db
    .select({ id: coupon.couponId })
    .from(coupon)
    .where(and(eq(coupon.merId, 0), eq(coupon.type, 10)))
    .limit(1);
  return c!.id;
}

export function orderSuite(open: () => Promise<Database>) {
  describe('create: one transaction, exactly once', () => {
    it('splits per merchant, takes stock, consumes the lines, and the same key gives the same order', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await pickSku(d, { merId: 1 });
      const b = await pickSku(d, { merId: 2 });
      const [sa, sb] = [await stockOf(d, a), await stockOf(d, b)];
      const ids = [await addLine(s, a, 2), await addLine(s, b, 1)];
      const body = { cart_id: ids, address_id: s.addressId };
      const check = await checkOrder(s, body);
      expect(check.status).toBe('finish');
      expect(check.order.map((o) => o.mer_id).sort()).toEqual([1, 2]);
      // Double click, retry and a second tab with the same key: one order.
      const orders = await Promise.all([1, 2, 3].map(() => createOrder(s, { ...body, key: check.key })));
      expect(new Set(orders.map((o) => o.order_id)).size).toBe(1);
      expect(orders[0]!.pay_price).toBe(check.order_price);
      expect([await stockOf(d, a), await stockOf(d, b)]).toEqual([sa - 2, sb - 1]);
      const detail = await getGroupOrder(s, { id: orders[0]!.order_id });
      expect(detail.orderList.map((o) => o.mer_id).sort()).toEqual([1, 2]);
      expect(detail.paid).toBe(0);
      expect(detail.cancel_unix * 1000).toBeGreaterThan(Date.now() + 14 * 60_000);
      // The totals under both names clients read: ours and the reference's.
      expect(detail.postage_price).toBe(detail.pay_postage);
      expect(detail.member_price).toBe(detail.svip_discount);
      expect(detail.deduction_price).toBe(detail.integral_price);
      const lines = await d.db.select().from(cart).where(eq(cart.uid, s.user.uid));
      expect(lines.every((l) => l.isPay)).toBe(true);
      const jobs = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.expire'), eq(job.key, String(orders[0]!.order_id))));
      expect(jobs).toHaveLength(1);
      // A new check over the consumed lines is refused, and so is a second tab's key.
      await expect(checkOrder(s, body)).rejects.toMatchObject({ status: 400, message: '订单已生成，请勿重复提交' });
      // The used key with other lines is refused (the reference's "order already generated"), and changes nothing.
      const c = await addLine(s, await pickSku(d, { merId: 3 }), 1);
      for (const cart_id of [[c], [ids[0]!], [...ids, c]]) {
        await expect(createOrder(s, { ...body, cart_id, key: check.key })).rejects.toMatchObject({
          status: 400,
          message: '订单已生成，请勿重复提交',
        });
      }
      expect((await createOrder(s, { ...body, cart_id: [...ids].reverse(), key: check.key })).order_id).toBe(orders[0]!.order_id);
      // Once that order is cancelled, its key makes no order again.
      await cancelOrder(s, { id: orders[0]!.order_id });
      await expect(createOrder(s, { ...body, key: check.key })).rejects.toMatchObject({ status: 400, message: '订单已生成，请勿重复提交' });
      expect((await d.db.select().from(cart).where(eq(cart.cartId, c)))[0]!.isPay).toBe(false);
    });

    it("takes the reference client's unset fields: return_url false or null, pay_type 0, a null mark or post", async () => {
      const d = await open();
      const s = await newShopper(d);
      for (const extra of [
        { return_url: false, pay_type: 0 },
        { return_url: null, pay_type: null, mark: { 1: null }, post: null, extend: null },
        { return_url: '', pay_type: 'pc', mark: null },
      ]) {
        const id = await addLine(s, await pickSku(d, { merId: 1 }), 1);
        const { order } = await placeOrder(s, [id], extra);
        expect(order.order_id, JSON.stringify(extra)).toBeGreaterThan(0);
      }
    });

    it("takes a pickup contact's phone sent as a JSON number (its digits)", async () => {
      const d = await open();
      const s = await newShopper(d);
      const id = await addLine(s, await pickSku(d, { merId: 1 }), 1);
      const { order } = await placeOrder(s, [id], { takes: [1], post: { real_name: '李四', phone: 13900139000 } });
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
      expect(o!.receiver).toMatchObject({ real_name: '李四', phone: '13900139000' });
    });

    it("shows and keeps a landline receiver's phone with its trunk 0 (0755-12345678), at check and on the order", async () => {
      const d = await open();
      const s = await newShopper(d);
      await d.db.update(userAddress).set({ phone: '+8675512345678' }).where(eq(userAddress.addressId, s.addressId));
      const id = await addLine(s, await pickSku(d, { merId: 1 }), 1);
      const { check, order } = await placeOrder(s, [id]);
      expect(check.address?.phone).toBe('0755-12345678');
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
      expect(o!.receiver.phone).toBe('0755-12345678');
    });

    it('refuses an unknown or expired key, a changed payable, foreign lines and addresses, and changes nothing', async () => {
      const d = await open();
      const s = await newShopper(d);
      const other = await newShopper(d);
      const a = await pickSku(d, { merId: 3 });
      const before = await stockOf(d, a);
      const id = await addLine(s, a, 1);
      const body = { cart_id: [id], address_id: s.addressId };
      await expect(createOrder(s, { ...body, key: 'x'.repeat(43) })).rejects.toMatchObject({ message: '订单已过期，请刷新页面' });
      const check = await checkOrder(s, body);
      await expect(createOrder(other, { ...body, key: check.key })).rejects.toMatchObject({ message: '订单已过期，请刷新页面' });
      await expect(checkOrder(other, body)).rejects.toMatchObject({ status: 404, message: '购物车商品不存在' });
      await expect(checkOrder(s, { ...body, address_id: other.addressId })).rejects.toMatchObject({ status: 404, message: '地址不存在' });
      await expect(checkOrder(s, { cart_id: [id, id] })).rejects.toMatchObject({ status: 400, message: '购物车商品重复' });
      await expect(checkOrder(s, { cart_id: [-1] })).rejects.toMatchObject({ status: 400 });
      await expect(checkOrder(s, { cart_id: [1.5] })).rejects.toMatchObject({ status: 400 });
      await expect(checkOrder(s, { cart_id: 'x' as never })).rejects.toMatchObject({ status: 400 });
      await expect(checkOrder(s, { ...body, use_coupon: { 3: [999999] } })).rejects.toMatchObject({ message: '优惠券不存在或不可用' });
      // The shopper changes the quantity in another tab after the check: the payable differs.
      await d.db.update(cart).set({ cartNum: 2 }).where(eq(cart.cartId, id));
      await expect(createOrder(s, { ...body, key: check.key })).rejects.toMatchObject({ message: '订单信息已变化，请确认后重新提交' });
      // A key older than its life is refused even when nothing changed.
      const fresh = await checkOrder(s, body);
      await d.db
        .update(orderKey)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orderKey.uid, s.user.uid));
      await expect(createOrder(s, { ...body, key: fresh.key })).rejects.toMatchObject({ message: '订单已过期，请刷新页面' });
      expect(await stockOf(d, a)).toBe(before);
      expect(await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.uid, s.user.uid))).toHaveLength(0);
    });

    it('uses coupons and points, and a cancel gives stock, coupons and points back exactly once', async () => {
      const d = await open();
      const s = await newShopper(d, { integral: 500 });
      const a = await pickSku(d, { merId: 4 });
      const before = await stockOf(d, a);
      const [cu] = await d.db
        .insert(couponUser)
        .values({
          uid: s.user.uid,
          couponId: await platformCouponId(d),
          merId: 0,
          couponTitle: '平台通用券',
          couponPrice: 100,
          useMinPrice: 0,
          startTime: new Date(Date.now() - 60_000),
          endTime: new Date(Date.now() + 86_400_000),
        })
        .returning();
      const id = await addLine(s, a, 2);
      // A coupon the order does not reach: the check shows it unchecked with why, create refuses it.
      const [far] = await d.db
        .insert(couponUser)
        .values({
          uid: s.user.uid,
          couponId: await platformCouponId(d),
          merId: 0,
          couponTitle: '满万可用',
          couponPrice: 50000,
          useMinPrice: 99_999_900,
          startTime: new Date(Date.now() - 60_000),
          endTime: new Date(Date.now() + 86_400_000),
        })
        .returning();
      const tried = { cart_id: [id], address_id: s.addressId, use_coupon: { 0: [far!.couponUserId] } };
      const shown = await checkOrder(s, tried);
      expect(shown.platformCoupon.find((c) => c.coupon_user_id === far!.couponUserId)).toMatchObject({
        checked: false,
        disabled_reason: expect.stringMatching(/^未满/),
      });
      await expect(createOrder(s, { ...tried, key: shown.key })).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/满万可用：未满/),
      });
      // A shop's coupons as one id, as text or csv, are the same list.
      for (const ids of [String(far!.couponUserId), `${far!.couponUserId},`, far!.couponUserId]) {
        const one = { ...tried, use_coupon: { 0: ids } };
        const asked = await checkOrder(s, one);
        await expect(createOrder(s, { ...one, key: asked.key }), String(ids)).rejects.toMatchObject({
          message: expect.stringMatching(/满万可用：未满/),
        });
      }
      // Before the toggle is ticked, the check says what the order may use (the reference's client shows it beside the
      // toggle) without taking it off.
      const unticked = await checkOrder(s, { cart_id: [id], address_id: s.addressId, use_integral: false });
      const { check, order } = await placeOrder(s, [id], { use_integral: true });
      expect(check.platformCoupon.find((c) => c.checked)?.coupon_user_id).toBe(cu!.couponUserId);
      expect(check.order_total_integral).toBeGreaterThan(0);
      expect(check.useIntegral).toBe(true);
      expect(unticked).toMatchObject({
        useIntegral: false,
        order_total_integral: check.order_total_integral,
        order_total_integral_price: check.order_total_integral_price,
      });
      expect(Math.round(Number(unticked.order_price) * 100) - Math.round(Number(check.order_price) * 100)).toBe(
        Math.round(Number(check.order_total_integral_price) * 100),
      );
      const [used] = await d.db.select().from(couponUser).where(eq(couponUser.couponUserId, cu!.couponUserId));
      expect([used!.status, used!.groupOrderId]).toEqual([1, order.order_id]);
      const pointsAfter = (await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid)))[0]!.i;
      expect(pointsAfter).toBe(500 - check.order_total_integral);
      // The shopper and the expiry job (another process) cancel at once: everything comes back once.
      const results = await settled([
        cancelOrder(s, { id: order.order_id }),
        cancelGroupOrder(d.db, order.order_id, '超时'),
        cancelGroupOrder(d.db, order.order_id, '超时'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled' && r.value !== false).length).toBe(1);
      expect(await stockOf(d, a)).toBe(before);
      const [back] = await d.db.select().from(couponUser).where(eq(couponUser.couponUserId, cu!.couponUserId));
      expect([back!.status, back!.groupOrderId]).toEqual([0, null]);
      expect((await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid)))[0]!.i).toBe(500);
      const bills = await d.db.select().from(userBill).where(eq(userBill.uid, s.user.uid));
      expect(bills.map((b) => [b.type, b.pm, b.number]).sort()).toEqual([
        ['deduction', 0, check.order_total_integral],
        ['order_cancel', 1, check.order_total_integral],
      ]);
      await expect(cancelOrder(s, { id: order.order_id })).rejects.toMatchObject({ message: '订单已取消' });
    });

    it('two tabs ordering at once with the same coupon and points: one order takes them, the other is refused as changed', async () => {
      const d = await open();
      const s = await newShopper(d, { integral: 500 });
      const [cu] = await d.db
        .insert(couponUser)
        .values({
          uid: s.user.uid,
          couponId: await platformCouponId(d),
          merId: 0,
          couponTitle: '平台通用券',
          couponPrice: 100,
          useMinPrice: 0,
          startTime: new Date(Date.now() - 60_000),
          endTime: new Date(Date.now() + 86_400_000),
        })
        .returning();
      const a = await pickSku(d, { merId: 4 });
      const b = await pickSku(d, { merId: 4, except: [a.productId] });
      const [sa, sb] = [await stockOf(d, a), await stockOf(d, b)];
      // Each tab checks its own line; both are shown the coupon and the points.
      const tabs = await Promise.all(
        [a, b].map(async (sku) => {
          const body = { cart_id: [await addLine(s, sku, 1)], address_id: s.addressId, use_integral: true };
          const check = await checkOrder(s, body);
          expect(check.platformCoupon.find((c) => c.checked)?.coupon_user_id).toBe(cu!.couponUserId);
          expect(check.order_total_integral).toBeGreaterThan(0);
          return { body, check };
        }),
      );
      const results = await Promise.allSettled(tabs.map(({ body, check }) => createOrder(s, { ...body, key: check.key })));
      const made = results.flatMap((r, k) => (r.status === 'fulfilled' ? [{ order: r.value, check: tabs[k]!.check, k }] : []));
      expect(made).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 400, message: '订单信息已变化，请确认后重新提交' });
      const { order, check, k } = made[0]!;
      const [used] = await d.db.select().from(couponUser).where(eq(couponUser.couponUserId, cu!.couponUserId));
      expect([used!.status, used!.groupOrderId]).toEqual([1, order.order_id]);
      const points = (await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid)))[0]!.i;
      expect(points).toBe(500 - check.order_total_integral);
      const bills = await d.db.select().from(userBill).where(eq(userBill.uid, s.user.uid));
      expect(bills.map((x) => [x.type, x.pm, x.number])).toEqual([['deduction', 0, check.order_total_integral]]);
      // Only the order made took stock; the other tab's line is still in the cart.
      expect([await stockOf(d, a), await stockOf(d, b)]).toEqual(k === 0 ? [sa - 1, sb] : [sa, sb - 1]);
      const other = tabs[1 - k]!.body.cart_id[0]!;
      expect((await d.db.select().from(cart).where(eq(cart.cartId, other)))[0]!.isPay).toBe(false);
    });

    it('pays at once an order that coupons cover completely', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await pickSku(d, { merId: 5 });
      const couponId = await platformCouponId(d);
      await d.db.insert(couponUser).values({
        uid: s.user.uid,
        couponId,
        merId: 0,
        couponTitle: '大额券',
        couponPrice: 9_999_999,
        useMinPrice: 0,
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 86_400_000),
      });
      // Postage is never covered by a coupon: the product ships free.
      await d.db.update(product).set({ deliveryFree: true }).where(eq(product.productId, a.productId));
      const { check, order } = await placeOrder(s, [await addLine(s, a, 1)]);
      expect(check.order_price).toBe('0.00');
      expect(order.paid).toBe(1);
      const [g] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, order.order_id));
      expect(g!.paid).toBe(true);
      expect(
        await d.db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'order.expire'), eq(job.key, String(order.order_id)))),
      ).toHaveLength(0);
      // Its shop hears of an order to ship, as after a payment.
      const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
      expect(
        await d.db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'merchant.notify'), eq(job.key, `new_order:${o!.orderId}`))),
      ).toHaveLength(1);
    });
  });

  describe('check: the shapes the reference client reads', () => {
    it('a presale line carries its presale as the presale detail names it, beside its prices; other lines carry null', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { cartId, row } = await presaleCartLine(d, s, 2, 1);
      const check = await checkOrder(s, { cart_id: [cartId], address_id: s.addressId });
      const line = check.order[0]!.list[0]!;
      const { product: _p, mer_id: _m, minNum: _n, ...presale } = await getPresellDetail(s, { id: row.presellId });
      expect(line.productPresell).toEqual({ ...presale, status: 1 });
      expect(line.productPresell).toMatchObject({ product_presell_id: row.presellId, presell_type: 2, presell_status: 1 });
      expect(line.productPresell!.final_start_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(line.productPresellAttr).toEqual({
        presell_price: (row.price / 100).toFixed(2),
        down_price: (row.down / 100).toFixed(2),
        final_price: ((row.price - row.down) / 100).toFixed(2),
      });
      // Paid now: the deposit; later: the balance with the postage, as the order's presale balance will record it.
      expect(check.order_price).toBe((row.down / 100).toFixed(2));
      const postage = Math.round(Number(check.order_total_postage) * 100);
      expect(check.presell_final_price).toBe(((row.price - row.down + postage) / 100).toFixed(2));

      // A full-payment presale has no deposit and no balance: down_price and final_price 0, as on its order lines.
      const full = await presaleCartLine(d, s, 1, 1);
      const fullCheck = await checkOrder(s, { cart_id: [full.cartId], address_id: s.addressId });
      expect(fullCheck.order[0]!.list[0]!.productPresellAttr).toEqual({
        presell_price: (full.row.price / 100).toFixed(2),
        down_price: '0.00',
        final_price: '0.00',
      });
      expect(fullCheck.order_price).toBe((full.row.price / 100).toFixed(2));
      expect(fullCheck.presell_final_price).toBe('0.00');

      const normal = await checkOrder(s, { cart_id: [await addLine(s, await pickSku(d, { merId: 1 }), 1)], address_id: s.addressId });
      expect(normal.order[0]!.list[0]).toMatchObject({ productPresell: null, productPresellAttr: null });
      expect(normal.presell_final_price).toBe('0.00');
    });

    /** A buy-now line of one unit of a running flash sale with stock. */
    async function seckillCartLine(d: Database, s: Shopper) {
      const [offer] = (await listSeckillProducts({ db: d.db }, {})).list.filter((o) => o.stock > 0);
      const [sku] = await d.db
        .select()
        .from(productSku)
        .where(and(eq(productSku.productId, offer!.product_id), gt(productSku.stock, 0)))
        .limit(1);
      const { cart_id } = await createCart(s, {
        product_id: offer!.product_id,
        product_attr_unique: sku!.unique,
        cart_num: 1,
        is_new: 1,
        product_type: 1,
      });
      return { cartId: cart_id, price: sku!.price };
    }

    it('order_type names the activity bought: 0 normal goods, 1 a flash sale, 2 a presale (the reference client shows the presale agreement for 2)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const check = (id: number) => checkOrder(s, { cart_id: [id], address_id: s.addressId });
      expect((await check(await addLine(s, await pickSku(d, { merId: 1 }), 1))).order_type).toBe(0);
      expect((await check((await presaleCartLine(d, s, 2, 1)).cartId)).order_type).toBe(2);
      expect((await check((await presaleCartLine(d, s, 1, 1)).cartId)).order_type).toBe(2);
      expect((await check((await seckillCartLine(d, s)).cartId)).order_type).toBe(1);
    });

    it('a flash sale takes no points, as its page says (max_integral 0): no toggle, and an order asked with points keeps them', async () => {
      const d = await open();
      const s = await newShopper(d, { integral: 500_000 });
      const line = await seckillCartLine(d, s);
      const pointsOf = async () => (await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid)))[0]!.i;
      const before = await pointsOf();
      const { check, order } = await placeOrder(s, [line.cartId], { use_integral: true });
      expect(check).toMatchObject({ openIntegral: false, useIntegral: false, order_total_integral: 0, usable_integral: 0 });
      // Nothing off for points: the unit and its postage (which flash sale is running, and its shipping, depend on the hour).
      expect(check.order_price).toBe(((line.price + Math.round(Number(check.order_total_postage) * 100)) / 100).toFixed(2));
      expect(await pointsOf()).toBe(before);
      const [g] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, order.order_id));
      expect(g!.integral).toBe(0);
      expect(
        await d.db
          .select()
          .from(userBill)
          .where(and(eq(userBill.uid, s.user.uid), eq(userBill.type, 'deduction'))),
      ).toHaveLength(0);
    });

    it('gives every shop a take object: its pickup point, or status 0 and empty fields when it offers none (allow_take says which)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await pickSku(d, { merId: 1 });
      const b = await pickSku(d, { merId: 4 });
      const shops = await d.db.select().from(merchant).where(sql`${merchant.merId} in (1, 4)`);
      const pickup = shops.find((m) => m.merId === 1)!;
      expect(pickup.allowTake && !shops.find((m) => m.merId === 4)!.allowTake).toBe(true);
      expect(pickup.takeAddress).not.toBe('');
      const ids = [await addLine(s, a, 1), await addLine(s, b, 1)];
      // `takes` as a list, or one shop id (as text or a number) for a list of it; `{}` (a client whose empty takes is an
      // object, which the reference's PHP reads as an empty list) is none.
      for (const [takes, isTake] of [
        [[], 0],
        [{}, 0],
        [[1], 1],
        ['1', 1],
        [1, 1],
        ['1,', 1],
      ] as const) {
        const check = await checkOrder(s, { cart_id: ids, address_id: s.addressId, takes });
        const of = (merId: number) => check.order.find((o) => o.mer_id === merId)!;
        expect(of(1).order, JSON.stringify(takes)).toMatchObject({ allow_take: 1, isTake });
        expect(of(1).take).toEqual({
          mer_take_status: 1,
          mer_take_name: pickup.merName,
          mer_take_phone: pickup.takePhone,
          mer_take_address: pickup.takeAddress,
          mer_take_location: [],
          mer_take_day: [],
          mer_take_time: pickup.takeHours,
        });
        expect(of(4).order).toMatchObject({ allow_take: 0, isTake: 0 });
        expect(of(4).take).toEqual({
          mer_take_status: 0,
          mer_take_name: '',
          mer_take_phone: '',
          mer_take_address: '',
          mer_take_location: [],
          mer_take_day: [],
          mer_take_time: '',
        });
      }
    });
  });

  describe('limits', () => {
    it('refuses more than the stock and more than a flash sale allows one shopper, counting orders not cancelled', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await pickSku(d, { merId: 8 });
      const id = await addLine(s, a, 3);
      await setStock(d, a, 2);
      await expect(checkOrder(s, { cart_id: [id], address_id: s.addressId })).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/库存不足，最多可购买2件/),
      });

      const offers = (await listSeckillProducts({ db: d.db }, {})).list.filter((o) => o.stock > 2);
      const offer = offers[offers.length - 1]!;
      await d.db.update(seckillProduct).set({ oncePayCount: 1, allPayCount: 1 }).where(eq(seckillProduct.productId, offer.product_id));
      const [sku] = await d.db
        .select()
        .from(productSku)
        .where(and(eq(productSku.productId, offer.product_id), gt(productSku.stock, 1)))
        .limit(1);
      const buyNow = () =>
        createCart(s, { product_id: offer.product_id, product_attr_unique: sku!.unique, cart_num: 1, is_new: 1, product_type: 1 });
      const first = await placeOrder(s, [(await buyNow()).cart_id]);
      await expect(checkOrder(s, { cart_id: [(await buyNow()).cart_id], address_id: s.addressId })).rejects.toMatchObject({
        message: expect.stringMatching(/您已达到限购数量/),
      });
      // Once that order is cancelled, the shopper may buy again.
      await cancelOrder(s, { id: first.order.order_id });
      const again = await placeOrder(s, [(await buyNow()).cart_id]);
      expect(again.order.order_id).toBeGreaterThan(first.order.order_id);
    });

    it('two tabs buying a flash sale at once past its cap for one shopper: one order, its unit taken once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const offers = (await listSeckillProducts({ db: d.db }, {})).list.filter((o) => o.stock > 2);
      const offer = offers[Math.max(0, offers.length - 2)]!;
      await d.db.update(seckillProduct).set({ oncePayCount: 1, allPayCount: 1 }).where(eq(seckillProduct.productId, offer.product_id));
      const [sku] = await d.db
        .select()
        .from(productSku)
        .where(and(eq(productSku.productId, offer.product_id), gt(productSku.stock, 1)))
        .limit(1);
      const stock = sku!.stock;
      // Both tabs are checked before either orders: each is within the cap then.
      const tabs = await Promise.all(
        [1, 2].map(async () => {
          const line = await createCart(s, {
            product_id: offer.product_id,
            product_attr_unique: sku!.unique,
            cart_num: 1,
            is_new: 1,
            product_type: 1,
          });
          const body = { cart_id: [line.cart_id], address_id: s.addressId };
          return { body, key: (await checkOrder(s, body)).key };
        }),
      );
      const results = await Promise.allSettled(tabs.map((t) => createOrder(s, { ...t.body, key: t.key })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ status: 400, message: expect.stringMatching(/您已达到限购数量/) });
      const [after] = await d.db.select({ stock: productSku.stock }).from(productSku).where(eq(productSku.unique, sku!.unique));
      expect(after!.stock).toBe(stock - 1);
      const orders = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.uid, s.user.uid));
      expect(orders).toHaveLength(1);
    });
  });

  describe('unpaid orders expire', () => {
    it('the expiry job cancels at the deadline and gives the stock back, once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const a = await pickSku(d, { merId: 7 });
      const before = await stockOf(d, a);
      const { order } = await placeOrder(s, [await addLine(s, a, 2)]);
      expect(await stockOf(d, a)).toBe(before - 2);
      const [g] = await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, order.order_id));
      const worker = { worker: 'test', now: new Date(g!.cancelTime.getTime() - 1000) };
      // Not due yet: nothing happens.
      await runDueJobs(d.db, { 'order.expire': appJobs['order.expire']! }, worker);
      expect(await stockOf(d, a)).toBe(before - 2);
      const due = { worker: 'test', now: new Date(g!.cancelTime.getTime() + 1000) };
      await runDueJobs(d.db, { 'order.expire': appJobs['order.expire']! }, due);
      await runDueJobs(d.db, { 'order.expire': appJobs['order.expire']! }, due);
      expect(await stockOf(d, a)).toBe(before);
      const detail = await getGroupOrder(s, { id: order.order_id });
      expect(detail.is_cancel).toBe(1);
      const [j] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'order.expire'), eq(job.key, String(order.order_id))));
      expect(j!.state).toBe('done');
    });
  });

  describe('stock under concurrency', () => {
    it('sells the last items exactly once among racing shoppers', async () => {
      const d = await open();
      const a = await pickSku(d, { merId: 6 });
      await setStock(d, a, 3);
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper(d)));
      const prepared = await Promise.all(
        shoppers.map(async (s) => {
          const id = await addLine(s, a, 1);
          const check = await checkOrder(s, { cart_id: [id], address_id: s.addressId });
          return { s, body: { cart_id: [id], address_id: s.addressId, key: check.key } };
        }),
      );
      const results = await settled(prepared.map(({ s, body }) => createOrder(s, body)));
      const made = results.filter((r) => r.status === 'fulfilled');
      expect(made).toHaveLength(3);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/库存不足/);
      expect(await stockOf(d, a)).toBe(0);
      const sold = await d.db
        .select({ n: sql<number>`coalesce(sum(${storeOrderProduct.productNum}), 0)::int` })
        .from(storeOrderProduct)
        .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
        .where(eq(storeOrderProduct.productAttrUnique, a.unique));
      expect(sold[0]!.n).toBe(3);
    });
  });
}
