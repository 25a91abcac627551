import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { job } from '../db/schema/index.ts';
import type { ShopperNotice } from '../services/order/shopper-notices.ts';
import type { MerchantNotice } from '../services/merchant-api/merchant-notices.ts';

/**
 * Payload type of each job kind the app defines; a feature adds its kind here (`'order.expire': { orderId: number }`).
 * Kinds not listed (tests) take any JSON payload.
 */
export interface JobPayloads {
  housekeeping: Record<string, never>;
  /** An unpaid group order reached its `cancel_time`. */
  'order.expire': { groupOrderId: number };
  /** A presale deposit order's balance window ended (closed if still unpaid). */
  'presell.close': { orderId: number };
  /** A shipped store order is received automatically `order_take_days` after shipping, if still waiting. */
  'order.receive': { orderId: number };
  /** A refund request reached refunded: its money goes back the way the order was paid (retried until done). */
  'refund.pay': { refundOrderId: number };
  /** A gateway took money a payment could not use (`refund_due`): `amount` cents go back through that gateway. */
  'payment.refund': { paymentId: number; amount: number };
  /**
   * A refund request left `refund_agree_days` in review (0) or awaiting the merchant's receipt (2): the system answers;
   * an approved return whose parcel is not sent in `refund_return_days` (1): it closes.
   */
  'refund.auto': { refundOrderId: number; status: number };
  /** A flash sale or presale (its product id) reached its end: the stock left on it goes back to its product. */
  'activity.end': { productId: number };
  /** Points earned (a `user_bill` income row of category integral) reached `integral_valid_days`: what is unspent expires. */
  'integral.expire': { billId: number };
  /** Stock came back on a product someone asked to hear about (到货通知): its notices go out (every product's without an id). */
  'arrival.notify': { productId?: number };
  /** The shopper is told by SMS that their order shipped or a refund's money went back (once per order or refund). */
  'shopper.notify': ShopperNotice;
  /** A shop is told by SMS of an order to ship, a refund request or goods sent back (once per order or refund). */
  'merchant.notify': MerchantNotice;
}

/**
 * The idempotency key of a notice told once per event and order or refund request (`shopper.notify`,
 * `merchant.notify`): a second ship, payment or refund of the same one queues nothing.
 */
export const noticeKey = (notice: { event: string } & ({ orderId: number } | { refundOrderId: number })): string =>
  `${notice.event}:${'refundOrderId' in notice ? notice.refundOrderId : notice.orderId}`;

export type PayloadOf<K extends string> = K extends keyof JobPayloads ? JobPayloads[K] : unknown;

export interface EnqueueOptions {
  /** When the job is due (default: now). */
  runAt?: Date;
  /** Idempotency key, unique per kind: a second enqueue with the same (kind, key) adds nothing. */
  key?: string;
  /** Runs before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/**
 * Queues a job. Pass the caller's transaction as `db` to queue it atomically with the change that needs it (the
 * order and its expiry job commit or roll back together). Returns the job id and whether this call created it
 * (false: a job with the same key already exists, its id is returned).
 */
export async function enqueue<K extends string>(
  db: Db,
  kind: K,
  payload: PayloadOf<K>,
  opts: EnqueueOptions = {},
): Promise<{ id: number; created: boolean }> {
  const [row] = await db
    .insert(job)
    .values({ kind, payload: payload ?? {}, key: opts.key ?? null, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 5 })
    .onConflictDoNothing({ target: [job.kind, job.key] })
    .returning({ id: job.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.kind, kind), eq(job.key, opts.key ?? '')));
  if (!existing) throw new Error(`job ${kind}/${opts.key} conflicted but cannot be found`);
  return { id: existing.id, created: false };
}
