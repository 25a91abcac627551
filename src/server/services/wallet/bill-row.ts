import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBill } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import type { BillRowDto } from '../../../shared/wallet.ts';
import { formatDateTime } from '../dates.ts';
import { offsetOf } from '../input.ts';
import type { WalletCategory } from './change-wallet.ts';

type BillRow = typeof userBill.$inferSelect;

/** A ledger row as the reference's clients read it: yuan strings for the balance, whole points for points. */
export function billRowDto(r: BillRow): BillRowDto<string | number> {
  const amount = (n: number) => (r.category === 'now_money' ? toYuan(n) : n);
  const at = formatDateTime(r.createdAt) ?? '';
  return {
    bill_id: r.billId,
    pm: r.pm === 1 ? 1 : 0,
    title: r.title,
    number: amount(r.number),
    balance: amount(r.balance),
    mark: r.mark,
    create_time: at,
    status: 1,
    time: at.slice(0, 7),
    ...(r.category === 'integral' && r.pm === 1 ? { unspent: r.unspent ?? 0, expire_time: formatDateTime(r.expiresAt) } : {}),
  };
}

/** One page of a shopper's rows of one ledger, newest first (`extra` narrows it: a tab), with the count of all. */
export async function billPage(db: Db, uid: number, category: WalletCategory, page: number, limit: number, extra?: SQL) {
  const where = and(eq(userBill.uid, uid), eq(userBill.category, category), extra);
  const [[total], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(userBill).where(where),
    db
      .select()
      .from(userBill)
      .where(where)
      .orderBy(desc(userBill.createdAt), desc(userBill.billId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
  ]);
  return { count: total?.n ?? 0, rows };
}
