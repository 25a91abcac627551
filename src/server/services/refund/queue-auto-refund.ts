import type { Db, Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { afterSaleSettings } from '../order/order-rules.ts';
import { autoActionAt } from './auto-refund-time.ts';

/**
 * Queues the `refund.auto` job of a request that just entered `status` (in the caller's transaction), due
 * when the system acts on it (auto-refund-time.ts). Keyed by the request and status: queueing twice adds nothing.
 */
export async function queueAutoRefund(tx: Tx | Db, refundOrderId: number, status: number, at: Date): Promise<void> {
  const due = autoActionAt(status, at, await afterSaleSettings(tx));
  if (due) await enqueue(tx, 'refund.auto', { refundOrderId, status }, { runAt: due, key: `${refundOrderId}:${status}` });
}
