// The merchant API on the production path: the same suite on a real PostgreSQL 15 server, where concurrent
// shipments and verifications really run in parallel on a pool of connections (PGlite runs one transaction at a time);
// and a shipment that waits for a shopper's refund request, which only a server with several connections can show.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { addLine, newShopper, pickSku, placeOrder, topUp, type Shopper } from '../../../../tests/helpers/checkout.ts';
import type { Database } from '../../db/client.ts';
import type { MerchantContext } from './context.ts';
import { payOrder } from '../payment/pay-order.ts';
import { paidOrder } from '../../../../tests/helpers/orders.ts';
import { job, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { transaction } from '../../db/transaction.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { authenticateMerchant } from './authenticate.ts';
import { merchantApiSuite } from './merchant-api-suite.ts';
import { shipOrder, SHIP_TEXT } from './ship-order.ts';
import { verifyOrder, VERIFY_TEXT } from './verify-order.ts';

const pg = usePostgres(180000);

merchantApiSuite(async () => pg.server);

/**
 * Shop 1's call `call` on store order `orderId` made while shopper `s`'s refund request of its first line holds the
 * order's row (uncommitted): the call starts, queues on the row, and the request commits. Its outcome: what the call
 * answered (`ok`) or its refusal's message.
 */
async function whileARefundIsAsked(
  d: Database,
  s: Shopper,
  orderId: number,
  ip: string,
  call: (m: MerchantContext) => Promise<{ status: number }>,
): Promise<string> {
  const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderId));
  const merchant = await authenticateMerchant({ db: d.db, user: null, ip: `${ip}-${process.pid}` }, `Bearer ${demoMerchantToken(1)}`);
  let outcome: Promise<string> | undefined;
  await transaction(d.db, async (tx) => {
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
    outcome = call({ db: d.db, merchant }).then(
      (o) => `ok, status ${o.status}`,
      (e: Error) => e.message,
    );
    await untilOneWaitsForALock(d);
  });
  return outcome!;
}

describe('a shipment that waits for a refund request (PostgreSQL)', () => {
  it('is refused once the request commits: an order with a refund in progress never ships', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    const { orderIds } = await paidOrder(d, s);
    const orderId = orderIds[0]!;
    // The shopper's request holds the store order's row until it commits; the shipment starts meanwhile and queues on it.
    const shipped = await whileARefundIsAsked(d, s, orderId, '198.51.100.250', (m) => shipOrder(m, { id: orderId, delivery_type: 3 }));
    expect(shipped).toBe(SHIP_TEXT.refunding);
    expect((await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.status).toBe(0);
    expect(
      await d.db
        .select()
        .from(job)
        .where(eq(job.key, String(orderId))),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'order.receive' })]));
  });
});

describe('a pickup verification that waits for a refund request (PostgreSQL)', () => {
  it('is refused once the request commits: the goods are not handed over', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    await topUp(d, s.user.uid, 10_000_000);
    const sku = await pickSku(d, { merId: 1 });
    const { order } = await placeOrder(s, [await addLine(s, sku, 1)], { takes: [1], post: { real_name: '李四', phone: '13900001111' } });
    await payOrder(s, { id: order.order_id, type: 'balance' });
    const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
    const orderId = o!.orderId;
    expect(o!.orderType).toBe(1);
    // The shopper's request holds the store order's row until it commits; the verification starts meanwhile and queues on it.
    const verified = await whileARefundIsAsked(d, s, orderId, '198.51.100.251', (m) =>
      verifyOrder(m, { id: orderId, verify_code: o!.verifyCode }),
    );
    expect(verified).toBe(VERIFY_TEXT.refunding);
    expect((await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!.status).toBe(0);
  });
});
