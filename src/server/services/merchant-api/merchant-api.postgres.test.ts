// The merchant API on the production path: the same suite on a real PostgreSQL 15 server, where concurrent
// shipments and verifications really run in parallel on a pool of connections (PGlite runs one transaction at a time);
// and a shipment that waits for a shopper's refund request, which only a server with several connections can show.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { paidOrder } from '../../../../tests/helpers/orders.ts';
import { job, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { transaction } from '../../db/transaction.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { authenticateMerchant } from './authenticate.ts';
import { merchantApiSuite } from './merchant-api-suite.ts';
import { shipOrder, SHIP_TEXT } from './ship-order.ts';

const pg = usePostgres(180000);

merchantApiSuite(async () => pg.server);

describe('a shipment that waits for a refund request (PostgreSQL)', () => {
  it('is refused once the request commits: an order with a refund in progress never ships', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    const { orderIds } = await paidOrder(d, s);
    const orderId = orderIds[0]!;
    const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
    const merchant = await authenticateMerchant(
      { db: d.db, user: null, ip: `198.51.100.250-${process.pid}` },
      `Bearer ${demoMerchantToken(1)}`,
    );
    let shipped: Promise<string> | undefined;
    await transaction(d.db, async (tx) => {
      // The shopper's request holds the store order's row until it commits; the shipment starts meanwhile and queues on it.
      await applyRefund(
        { ...s, db: tx },
        {
          order_id: orderId,
          type: 1,
          refund_type: 1,
          num: 1,
          ids: [item!.orderProductId],
          refund_message: '不想要了',
          refund_price: '0.01',
        },
      );
      shipped = shipOrder({ db: d.db, merchant }, { id: orderId, delivery_type: 3 }).then(
        (o) => `shipped, status ${o.status}`,
        (e: Error) => e.message,
      );
      await untilOneWaitsForALock(d);
    });
    expect(await shipped).toBe(SHIP_TEXT.refunding);
    expect((await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.status).toBe(0);
    expect(
      await d.db
        .select()
        .from(job)
        .where(eq(job.key, String(orderId))),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'order.receive' })]));
  });
});
