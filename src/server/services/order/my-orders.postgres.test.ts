// The shopper's orders on the production path: the same suite on a real PostgreSQL 15 server, where confirmations,
// the automatic receipt and deletes really run in parallel on a pool of connections (PGlite runs one at a time); and an
// automatic receipt that waits for a shopper's refund request, which only a server with several connections can show.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { paidOrder, shipForTest } from '../../../../tests/helpers/orders.ts';
import { job, storeOrder, storeOrderProduct, userBill } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { myOrdersSuite } from './my-orders-suite.ts';
import { autoReceive } from './receive-order.ts';

const pg = usePostgres(180000);

myOrdersSuite(async () => pg.server);

const DAY = 86_400_000;

describe('an automatic receipt that waits for a refund request (PostgreSQL)', () => {
  it('does not receive the order once the request commits, gives no points, and looks again a day later', async () => {
    const d = pg.server;
    const s = await newShopper(d);
    const { orderIds } = await paidOrder(d, s, [4]);
    const id = orderIds[0]!;
    const { dueAt } = await shipForTest(d, id, { at: new Date(Date.now() - 8 * DAY) });
    const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, id));
    const now = new Date(dueAt.getTime() + 1000);
    let ran: Promise<unknown> | undefined;
    await transaction(d.db, async (tx) => {
      // The shopper's request holds the store order's row until it commits; the job starts meanwhile and queues on it.
      await applyRefund(
        { ...s, db: tx },
        { order_id: id, type: 1, refund_type: 1, num: 1, ids: [item!.orderProductId], refund_message: '不想要了', refund_price: '0.01' },
      );
      ran = runDueJobs(d.db, { 'order.receive': autoReceive }, { worker: 'pg-test', now });
      await untilOneWaitsForALock(d);
    });
    await ran;
    const [o] = await d.db.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.orderId, id));
    expect(o!.status).toBe(1);
    const given = await d.db
      .select()
      .from(userBill)
      .where(and(eq(userBill.uid, s.user.uid), eq(userBill.type, 'order_give'), eq(userBill.linkId, String(id))));
    expect(given).toHaveLength(0);
    const tomorrow = new Date(now.getTime() + DAY);
    const [again] = await d.db
      .select()
      .from(job)
      .where(and(eq(job.kind, 'order.receive'), eq(job.key, `${id}@${tomorrow.getTime()}`)));
    expect(again).toMatchObject({ state: 'queued', runAt: tomorrow });
  });
});
