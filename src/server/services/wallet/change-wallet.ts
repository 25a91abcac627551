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
  /**
   * Points only: the earlier row of the other direction this change undoes, by its type and link. An income that
   * gives back what an expense took (a cancel, a refund) keeps that expense's due date instead of starting a new one
   * (at once when it has passed); an expense that takes back what an income gave (a refund of points an order earned,
   * an expiry) takes from that income's lot first.
   */
  undoes?: { type: string; linkId: string };
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
 * Points are kept in lots (docs/decisions/money.md): each income is one, with what of it is unspent and when that
 * expires; each expense takes from them, soonest due first. A lot with a due date queues its `integral.expire` job
 * in the same transaction.
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
    if (change.category === 'integral') {
      const undone = change.undoes ? await earlierRow(tx, change.uid, change.undoes) : undefined;
      if (change.pm === 1) await openLot(tx, bill.id, amount, at, undone);
      else await takeFromLots(tx, change.uid, bill.id, amount, undone);
    }
    return { status: 'applied', billId: bill.id, balance: after.v, number: amount };
  });
}

/** A shopper's points row by its type and link (unique), with its lot figures. */
async function earlierRow(tx: Db, uid: number, row: { type: string; linkId: string }) {
  const [r] = await tx
    .select({ billId: userBill.billId, pm: userBill.pm, expiresAt: userBill.expiresAt })
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.type, row.type), eq(userBill.linkId, row.linkId)));
  return r;
}

/**
 * Makes a points income a lot of `amount` unspent points. Its due date: a give-back (it undoes an expense) keeps the
 * expense's (null: what that took never expires); anything else is due `integral_valid_days` after `at`, or never
 * while that is 0. A lot with a due date queues its `integral.expire` job for then (at once if that has passed).
 */
async function openLot(tx: Db, billId: number, amount: number, at: Date, undone: { pm: number; expiresAt: Date | null } | undefined) {
  let due: Date | null = null;
  if (undone?.pm === 0) due = undone.expiresAt;
  else {
    const days = await integralValidDays(tx);
    if (days > 0) due = new Date(at.getTime() + days * DAY_MS);
  }
  await tx.update(userBill).set({ unspent: amount, expiresAt: due }).where(eq(userBill.billId, billId));
  if (due) {
    await enqueue(tx, 'integral.expire', { billId }, { runAt: due < at ? at : due, key: String(billId) });
  }
}

/**
 * Takes a points expense from the shopper's lots: the lot of the income it undoes first, then soonest due first
 * (never-expiring last), oldest first among equals. Records on the expense the latest due date it took from (null
 * when it took never-expiring points, or points no lot accounts for: set outside the ledger), for its give-back.
 * Runs after the expense's update of the shopper's row, so the lots are the shopper's alone meanwhile.
 */
async function takeFromLots(tx: Db, uid: number, billId: number, amount: number, undone: { billId: number; pm: number } | undefined) {
  const first = undone?.pm === 1 ? undone.billId : 0;
  const result = await tx.execute(sql`
    with lots as (
      select bill_id, unspent, expires_at,
        sum(unspent) over (order by bill_id = ${first} desc, expires_at asc nulls last, bill_id) - unspent as before
      from user_bill
      where uid = ${uid} and category = 'integral' and pm = 1 and unspent > 0
    ), take as (
      select bill_id, least(unspent, ${amount} - before) as n, expires_at from lots where before < ${amount}
    )
    update user_bill b set unspent = b.unspent - take.n from take where b.bill_id = take.bill_id
    returning take.n::int as n, take.expires_at`);
  const taken = (result as unknown as { rows: { n: number; expires_at: string | Date | null }[] }).rows;
  let sum = 0;
  let due: Date | null = null;
  let never = false;
  for (const r of taken) {
    sum += Number(r.n);
    if (r.expires_at === null) never = true;
    else {
      const d = new Date(r.expires_at);
      if (!due || d > due) due = d;
    }
  }
  if (never || sum < amount || !due) return;
  await tx.update(userBill).set({ expiresAt: due }).where(eq(userBill.billId, billId));
}

/** `integral_valid_days` (system_config): days earned points stay valid; 0 (the default) never expires them. */
export async function integralValidDays(db: Db): Promise<number> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, INTEGRAL_VALID_DAYS));
  return intSetting(row?.value, 0, 0, 3650);
}
