import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { userReceipt } from '../../db/schema/index.ts';
import type { InvoiceTitleDto } from '../../../shared/invoice.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { toTitleDto } from './title-row.ts';

const kind = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { error: message }).optional(),
  );

const titleFilter = z.object({
  receipt_type: kind('发票类型不正确'),
  receipt_title_type: kind('发票抬头类型不正确'),
});

/**
 * `GET /api/user/receipt/lst?receipt_type&receipt_title_type` (login required): the shopper's saved invoice titles
 * (at most 20, so no paging: an array as the reference answers), the default first, then the newest.
 */
export async function listTitles(ctx: ServiceContext, input: Record<string, unknown> = {}): Promise<InvoiceTitleDto[]> {
  const user = requireUser(ctx);
  const q = parseInput(titleFilter, input);
  const rows = await ctx.db
    .select()
    .from(userReceipt)
    .where(
      and(
        eq(userReceipt.uid, user.uid),
        q.receipt_type ? eq(userReceipt.receiptType, q.receipt_type) : undefined,
        q.receipt_title_type ? eq(userReceipt.receiptTitleType, q.receipt_title_type) : undefined,
      ),
    )
    .orderBy(desc(userReceipt.isDefault), desc(userReceipt.createdAt), desc(userReceipt.userReceiptId));
  return rows.map(toTitleDto);
}
