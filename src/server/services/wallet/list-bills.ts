import { eq } from 'drizzle-orm';
import { userBill } from '../../db/schema/index.ts';
import { billListQuery } from '../../../shared/schemas/wallet.ts';
import { BILL_TYPES, type BillPageDto, type BillRowDto } from '../../../shared/wallet.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { billPage, billRowDto } from './bill-row.ts';

/**
 * `GET /api/user/bill?type&page&limit` (login required): the shopper's balance ledger, newest first, 10 a page by
 * default: `type` 0 all, 1 expense, 2 income. Each row carries its month (`time`) for the grouped list.
 */
export async function listBills(ctx: ServiceContext, input: Record<string, unknown>): Promise<BillPageDto> {
  const user = requireUser(ctx);
  const q = parseInput(billListQuery, input);
  const tab = q.type === BILL_TYPES.expense ? eq(userBill.pm, 0) : q.type === BILL_TYPES.income ? eq(userBill.pm, 1) : undefined;
  const { count, rows } = await billPage(ctx.db, user.uid, 'now_money', q.page, q.limit, tab);
  return { count, list: rows.map((r) => billRowDto(r) as BillRowDto<string>) };
}
