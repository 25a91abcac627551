// Checkout on the production path: the same suite on a real PostgreSQL 15 server, where creates really run in
// parallel on a pool of connections (PGlite runs one transaction at a time); and an order that waits for a shop's
// re-pricing, which only a server with several connections can show.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { addLine, newShopper, pickSku, stockOf } from '../../../../tests/helpers/checkout.ts';
import { coupon, couponUser, productSku, storeGroupOrder, userBill, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { checkOrder } from './check-order.ts';
import { createOrder } from './create-order.ts';
import { ORDER_TEXT } from './checkout.ts';
import { orderSuite } from './order-suite.ts';

const pg = usePostgres(180000);

orderSuite(async () => pg.server);

describe('an order placed while the shop re-prices its SKU (PostgreSQL)', () => {
  it('waits for the new price and is refused as changed; it is never made at the old price', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    const sku = await pickSku(d, { minStock: 20 });
    const body = { cart_id: [await addLine(s, sku)], address_id: s.addressId };
    const check = await checkOrder(s, body);
    let created: Promise<string> | undefined;
    try {
      await transaction(d.db, async (tx) => {
        // The shop's change holds the SKU's row until it commits; the order starts meanwhile and queues on it.
        await tx
          .update(productSku)
          .set({ price: sku.price + 1000 })
          .where(eq(productSku.unique, sku.unique));
        created = createOrder(s, { ...body, key: check.key }).then(
          (o) => `created at ${o.pay_price}`,
          (e: Error) => e.message,
        );
        await untilOneWaitsForALock(d);
      });
      expect(await created).toBe(ORDER_TEXT.changed);
      expect(await stockOf(d, sku)).toBe(sku.stock);
      const orders = await d.db
        .select({ id: storeGroupOrder.groupOrderId })
        .from(storeGroupOrder)
        .where(eq(storeGroupOrder.uid, s.user.uid));
      expect(orders).toEqual([]);
    } finally {
      await d.db.update(productSku).set({ price: sku.price }).where(eq(productSku.unique, sku.unique));
    }
  });
});

describe('a second tab ordering while the first one commits (PostgreSQL)', () => {
  it('waits for it and is refused as changed: the coupon and the points are taken once', async () => {
    const d = pg.server;
    const s = await newShopper(d, { integral: 500 });
    const [platform] = await d.db
      .select({ id: coupon.couponId })
      .from(coupon)
      .where(and(eq(coupon.merId, 0), eq(coupon.type, 10)))
      .limit(1);
    const [cu] = await d.db
      .insert(couponUser)
      .values({
        uid: s.user.uid,
        couponId: platform!.id,
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
    const first = { cart_id: [await addLine(s, a)], address_id: s.addressId, use_integral: true };
    const second = { cart_id: [await addLine(s, b)], address_id: s.addressId, use_integral: true };
    const [c1, c2] = [await checkOrder(s, first), await checkOrder(s, second)];
    let made: Promise<string> | undefined;
    const order = await transaction(d.db, async (tx) => {
      // The first tab's order holds the shopper's row until it commits; the second starts meanwhile and queues on it.
      const o = await createOrder({ ...s, db: tx }, { ...first, key: c1.key });
      made = createOrder(s, { ...second, key: c2.key }).then(
        (x) => `created ${x.order_id}`,
        (e: Error) => e.message,
      );
      await untilOneWaitsForALock(d);
      return o;
    });
    expect(await made).toBe(ORDER_TEXT.changed);
    const [used] = await d.db.select().from(couponUser).where(eq(couponUser.couponUserId, cu!.couponUserId));
    expect([used!.status, used!.groupOrderId]).toEqual([1, order.order_id]);
    const [u] = await d.db.select({ i: users.integral }).from(users).where(eq(users.uid, s.user.uid));
    expect(u!.i).toBe(500 - c1.order_total_integral);
    const bills = await d.db.select().from(userBill).where(eq(userBill.uid, s.user.uid));
    expect(bills.map((x) => [x.type, x.number])).toEqual([['deduction', c1.order_total_integral]]);
    expect(await stockOf(d, b)).toBe(b.stock);
  });
});
