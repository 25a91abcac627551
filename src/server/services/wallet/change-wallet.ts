import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemConfig, userBill, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { ServiceError } from '../errors.ts';
import { intSetting } from '../site/read-settings.ts';
import { now } from '../dates.ts';

/** What a ledger row counts: the balance in cents (`now_money`) or points (`integral`). */
export type WalletCategory = 'now_money' | 'integral';

export const WALLET_TEXT = {
  moneyShort: '余额不足',
  pointsShort: '积分不足',
  noUser: '用户不存在',
  expireTitle: '积分过期',
} as const;

/** Days after which earned points expire (`integral_valid_days`, default 0: never), at most ten years. */
export const INTEGRAL_VALID_DAYS = 'integral_valid_days';
const DAY_MS = 86_400_000;

export interface WalletChange {
  uid: number;
  category: WalletCategory;
  /** 1 income, 0 expense. */
  pm: 0 | 1;
  /** Cents or points, more than 0. */
  number: number;
  /** What happened (`pay_order`, `deduction`, `order_give`, `system_add`, `expire`...). */
  type: string;
  /** What it happened to (an order id, a refund number, an operator's key): with `type`, makes the change once. */
  linkId: string;
  title: string;
  mark?: string;
  /** When it happened (default: now). */
  at?: Date;
  /**
   * An expense that takes what is left when less than `number` is there (points given back on a refund, expiry);
   * without it a short balance is refused.
   */
  upToBalance?: boolean;
  /** The refusal for a short balance or points (default 余额不足 / 积分不足). */
  shortMessage?: string;
}

export interface WalletOutcome {
  /**
   * `applied`: the figure changed and one ledger row was written now; `duplicate`: this change (same shopper,
   * category, type and link) was made before, nothing changed now (`billId` is that earlier row); `nothing`: an
   * `upToBalance` expense found nothing left to take.
   */
  status: 'applied' | 'duplicate' | 'nothing';
  billId: number | null;
  /** The figure after the call (cents or points). */
  balance: number;
  /** What this call changed (0 unless applied). */
  number: number;
}

const column = (c: WalletCategory) => (c === 'now_money' ? users.nowMoney : users.integral);

/**
 * THE way a balance or points figure changes: inside the caller's transaction (joined through a savepoint), a
 * conditional update of `users.now_money` / `users.integral` (an expense never takes it below 0) and exactly one
 * `user_bill` row with the resulting `balance`. The unique (uid, category, type, link_id) makes the change happen
 * once: a repeat, or a concurrent call with the same key, changes nothing and answers `duplicate`.
 *
 * Points earned (income of category `integral`) while `integral_valid_days` is above 0 also queue their
 * `integral.expire` job, due that many days later, in the same transaction.
 */
export async function changeWallet(db: Db, change: WalletChange): Promise<WalletOutcome> {
  if (!Number.isInteger(change.number) || change.number <= 0) throw new Error(`wallet change of ${change.number} ${change.category}`);
  const col = column(change.category);
  const at = change.at ?? now();
  return transaction(db, async (tx) => {
    const once = and(
      eq(userBill.uid, change.uid),
      eq(userBill.category, change.category),
      eq(userBill.type, change.type),
      eq(userBill.linkId, change.linkId),
    );
    const current = async () => (await tx.select({ v: col }).from(users).where(eq(users.uid, change.uid)))[0]?.v ?? 0;
    const [seen] = await tx.select({ id: userBill.billId }).from(userBill).where(once);
    if (seen) return { status: 'duplicate', billId: seen.id, balance: await current(), number: 0 };

    let amount = change.number;
    if (change.pm === 0 && change.upToBalance) {
      const [u] = await tx.select({ v: col }).from(users).where(eq(users.uid, change.uid)).for('update');
      if (!u) throw new ServiceError('not_found', WALLET_TEXT.noUser);
      amount = Math.min(amount, u.v);
      if (amount <= 0) return { status: 'nothing', billId: null, balance: u.v, number: 0 };
    }
    const delta = change.pm === 1 ? sql`${col} + ${amount}` : sql`${col} - ${amount}`;
    const [after] = await tx
      .update(users)
      .set(change.category === 'now_money' ? { nowMoney: delta } : { integral: delta })
      .where(and(eq(users.uid, change.uid), change.pm === 0 ? gte(col, amount) : undefined))
      .returning({ v: col });
    if (!after) {
      const [exists] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, change.uid));
      if (!exists) throw new ServiceError('not_found', WALLET_TEXT.noUser);
      throw new ServiceError(
        'refused',
        change.shortMessage ?? (change.category === 'now_money' ? WALLET_TEXT.moneyShort : WALLET_TEXT.pointsShort),
      );
    }
    const [bill] = await tx
      .insert(userBill)
      .values({
        uid: change.uid,
        category: change.category,
        type: change.type,
        pm: change.pm,
        number: amount,
        balance: after.v,
        linkId: change.linkId,
        title: change.title,
        mark: change.mark ?? '',
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: userBill.billId });
    if (!bill) {
      // Another transaction made the same change and committed while we waited on its row: undo ours (the shopper's
      // row is locked by our update, so this is exact) and answer as a repeat.
      const undo = change.pm === 1 ? sql`${col} - ${amount}` : sql`${col} + ${amount}`;
      await tx
        .update(users)
        .set(change.category === 'now_money' ? { nowMoney: undo } : { integral: undo })
        .where(eq(users.uid, change.uid));
      const [other] = await tx.select({ id: userBill.billId }).from(userBill).where(once);
      return { status: 'duplicate', billId: other?.id ?? null, balance: await current(), number: 0 };
    }
    if (change.category === 'integral' && change.pm === 1) {
      const days = await integralValidDays(tx);
      if (days > 0) {
        await enqueue(tx, 'integral.expire', { billId: bill.id }, { runAt: new Date(at.getTime() + days * DAY_MS), key: String(bill.id) });
      }
    }
    return { status: 'applied', billId: bill.id, balance: after.v, number: amount };
  });
}

/** `integral_valid_days` (system_config): days earned points stay valid; 0 (the default) never expires them. */
export async function integralValidDays(db: Db): Promise<number> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, INTEGRAL_VALID_DAYS));
  return intSetting(row?.value, 0, 0, 3650);
}
