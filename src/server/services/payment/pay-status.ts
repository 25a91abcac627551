import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { payment, presellOrder, storeGroupOrder, type PaymentSubject } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import type { PayStatusDto } from '../../../shared/payment.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { SETTLE_TEXT } from './settle.ts';

export type { PayStatusDto };

/** The state of a group order's payment (or a presale balance's, `subject` presell), scoped to the shopper. */
export async function getPayStatus(ctx: ServiceContext, input: { id: unknown; subject?: PaymentSubject }): Promise<PayStatusDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const subject = input.subject ?? 'group';
  let paid: boolean;
  let cancelled: boolean;
  let amount: number;
  let payType: number | null;
  if (subject === 'group') {
    const [g] = await ctx.db
      .select()
      .from(storeGroupOrder)
      .where(and(eq(storeGroupOrder.groupOrderId, id), eq(storeGroupOrder.uid, user.uid)));
    if (!g) throw notFound(SETTLE_TEXT.gone);
    [paid, cancelled, amount, payType] = [g.paid, g.isCancel, g.payPrice, g.payType];
  } else {
    const [po] = await ctx.db
      .select()
      .from(presellOrder)
      .where(and(eq(presellOrder.orderId, id), eq(presellOrder.uid, user.uid)));
    if (!po) throw notFound(SETTLE_TEXT.gone);
    [paid, cancelled, amount, payType] = [po.paid === 1, po.status !== 1, po.payPrice, po.payType];
  }
  const [last] = await ctx.db
    .select()
    .from(payment)
    .where(and(eq(payment.subject, subject), eq(payment.subjectId, id), eq(payment.uid, user.uid)))
    .orderBy(desc(payment.paymentId))
    .limit(1);
  const base = { order_id: id, paid: paid ? 1 : 0, pay_price: toYuan(amount), pay_type: payType };
  if (paid) return { ...base, status: 'paid', reason: '' };
  if (cancelled) return { ...base, status: 'cancelled', reason: SETTLE_TEXT.cancelled };
  if (last?.status === 'failed') return { ...base, status: 'failed', reason: last.reason || '支付未完成' };
  if (last?.status === 'pending' && last.expiresAt <= now()) return { ...base, status: 'expired', reason: '二维码已过期' };
  return { ...base, status: 'pending', reason: '' };
}
