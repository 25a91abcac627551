import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { payment, type PaymentSubject } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { formatDateTime } from '../dates.ts';

/** The last failed payment attempt of an order: why (as the gateway or we recorded it) and when. */
export interface PayFailureDto {
  reason: string;
  pay_type: number;
  create_time: string;
}

/**
 * The shopper's last failed attempt to pay a group order (`subject` group) or a presale balance (`presell`), or
 * null when none failed. Read from the database, so `/payment_failed` never shows text a link made up.
 * The caller checks that the order is the shopper's; this reads only the shopper's own attempts.
 */
export async function getPayFailure(ctx: ServiceContext, input: { id: unknown; subject?: PaymentSubject }): Promise<PayFailureDto | null> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const [last] = await ctx.db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.uid, user.uid),
        eq(payment.subject, input.subject ?? 'group'),
        eq(payment.subjectId, id),
        eq(payment.status, 'failed'),
      ),
    )
    .orderBy(desc(payment.paymentId))
    .limit(1);
  return last ? { reason: last.reason || '支付未完成', pay_type: last.payType, create_time: formatDateTime(last.createdAt)! } : null;
}
