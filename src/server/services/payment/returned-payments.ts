import { and, asc, eq, inArray } from 'drizzle-orm';
import { job, payment, type PaymentSubject } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { refundJobOf, takenAmount } from './refund-payment.ts';

/**
 * A payment a gateway took for an order that the order could not use (cancelled or closed meanwhile, or paid by another
 * payment): `refund_due` while the money is on its way back, `refunded` once the gateway gave it back.
 */
export interface ReturnedPaymentDto {
  pay_type: number;
  /** Yuan, what the gateway took and gives back. */
  amount: string;
  status: 'refund_due' | 'refunded';
  refunded_time: string | null;
}

/**
 * The returned payments of each of `owners` (a group order's id for `group`, a store order's for a presale balance,
 * `presell`), each only its own shopper's, oldest first: one read for all of them.
 */
export async function returnedPayments(
  db: Db,
  subject: PaymentSubject,
  owners: readonly { id: number; uid: number }[],
): Promise<(id: number) => ReturnedPaymentDto[]> {
  const rows = owners.length
    ? await db
        .select({ p: payment, j: job })
        .from(payment)
        .leftJoin(job, refundJobOf())
        .where(
          and(
            eq(payment.subject, subject),
            inArray(
              payment.subjectId,
              owners.map((o) => o.id),
            ),
            inArray(payment.status, ['refund_due', 'refunded']),
          ),
        )
        .orderBy(asc(payment.paymentId))
    : [];
  return (id) => {
    const uid = owners.find((o) => o.id === id)?.uid;
    return rows
      .filter(({ p }) => p.subjectId === id && p.uid === uid)
      .map(({ p, j }) => ({
        pay_type: p.payType,
        amount: toYuan(takenAmount(p, j)),
        status: p.status === 'refunded' ? 'refunded' : 'refund_due',
        refunded_time: formatDateTime(p.refundedAt),
      }));
  };
}
