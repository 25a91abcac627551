// Checkout on the production path: the same suite on a real PostgreSQL 15 server, where creates really run in
// parallel on a pool of connections (PGlite runs one transaction at a time); and an order that waits for a shop's
// re-pricing, which only a server with several connections can show.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { addLine, newShopper, pickSku, stockOf } from '../../../../tests/helpers/checkout.ts';
import { productSku, storeGroupOrder } from '../../db/schema/index.ts';
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
