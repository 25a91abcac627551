import { integralListQuery } from '../../../shared/schemas/wallet.ts';
import type { BillRowDto, IntegralPageDto } from '../../../shared/wallet.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { billPage, billRowDto } from './bill-row.ts';
import { pointsOpen } from './get-integral.ts';

/** `GET /api/user/integral/lst?page&limit` (login required): the shopper's points ledger, newest first, 10 a page. */
export async function listIntegral(ctx: ServiceContext, input: Record<string, unknown>): Promise<IntegralPageDto> {
  const user = requireUser(ctx);
  const q = parseInput(integralListQuery, input);
  await pointsOpen(ctx);
  const { count, rows } = await billPage(ctx.db, user.uid, 'integral', q.page, q.limit);
  return { count, list: rows.map((r) => billRowDto(r) as BillRowDto<number>) };
}
