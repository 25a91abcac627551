import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_STATUS, refundOrder } from '../../db/schema/index.ts';
import { refundListQuery } from '../../../shared/schemas/refund.ts';
import type { RefundListItemDto } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput, type Page } from '../input.ts';
import { loadRefundParts, refundListItemDto } from './refund-dto.ts';

/** Statuses of each tab of `/user/refund_list`: 1 in progress, 2 processed (0: all). */
export const REFUND_TABS: Record<number, readonly number[] | undefined> = {
  0: undefined,
  1: [REFUND_STATUS.review, REFUND_STATUS.awaitReturn, REFUND_STATUS.awaitReceipt],
  2: [REFUND_STATUS.refunded, REFUND_STATUS.refused, REFUND_STATUS.cancelled],
};

/** The shopper's refund requests not deleted: what every list and count starts from. */
export const visibleRefunds = (uid: number) => and(eq(refundOrder.uid, uid), eq(refundOrder.isDel, false));

/** `GET /api/refund/list?type&page&limit` (login required): the shopper's refund requests, newest first. */
export async function listRefunds(ctx: ServiceContext, input: Record<string, unknown>): Promise<Page<RefundListItemDto>> {
  const user = requireUser(ctx);
  const q = parseInput(refundListQuery, input);
  const statuses = REFUND_TABS[q.type];
  const where = and(visibleRefunds(user.uid), statuses ? inArray(refundOrder.status, [...statuses]) : undefined);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(refundOrder).where(where),
    ctx.db
      .select()
      .from(refundOrder)
      .where(where)
      .orderBy(desc(refundOrder.createdAt), desc(refundOrder.refundOrderId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
  ]);
  const parts = await loadRefundParts(ctx.db, rows);
  return { count: total?.n ?? 0, list: rows.map((r) => refundListItemDto(r, parts)) };
}
