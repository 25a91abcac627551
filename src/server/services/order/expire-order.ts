import { eq } from 'drizzle-orm';
import { storeGroupOrder } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { cancelGroupOrder, CANCEL_TEXT } from './cancel-order.ts';

/**
 * The `order.expire` job, queued by create for the order's `cancel_time`: cancels the group order if it is still
 * unpaid. Running it twice, late, or after the shopper cancelled or paid changes nothing (cancelGroupOrder flips
 * the order once).
 */
export const expireOrder: JobDefinition<{ groupOrderId: number }> = {
  async run({ groupOrderId }, { db, now }) {
    const [g] = await db
      .select({ cancelTime: storeGroupOrder.cancelTime })
      .from(storeGroupOrder)
      .where(eq(storeGroupOrder.groupOrderId, groupOrderId));
    if (!g) return;
    // A job that ran early (a clock step) tries again at the deadline.
    if (g.cancelTime > now) throw new Error(`order ${groupOrderId} is not due before ${g.cancelTime.toISOString()}`);
    await cancelGroupOrder(db, groupOrderId, CANCEL_TEXT.expired);
  },
};
