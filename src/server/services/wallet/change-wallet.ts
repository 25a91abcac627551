import { and, eq, gt, gte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
   * gives back what an expense took (a cancel, a refund) goes back into the lots the expense took from, keeping their
   * due dates (at once when they have passed) instead of starting a new one; an expense that takes back what an
   * income gave (a refund of points an order earned, an expiry) takes from that income's lot first.
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
      if (change.pm === 1) await openLot(tx, change.uid, bill.id, amount, at, undone);
      else await takeFromLots(tx, change.uid, bill.id, amount, undone);
    }
    return { status: 'applied', billId: bill.id, balance: after.v, number: amount };
  });
}

/** A shopper's points row by its type and link (unique), with its lot figures. */
async function earlierRow(tx: Db, uid: number, row: { type: string; linkId: string }) {
  const [r] = await tx
    .select({ billId: userBill.billId, pm: userBill.pm, expiresAt: userBill.expiresAt, taken: userBill.taken, restored: userBill.restored })
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.type, row.type), eq(userBill.linkId, row.linkId)));
  return r;
}

type EarlierRow = NonNullable<Awaited<ReturnType<typeof earlierRow>>>;

/**
 * Makes a points income a lot of `amount` unspent points, due `integral_valid_days` after `at` (never while that is
 * 0), and queues its `integral.expire` job for then. A give-back (it undoes an expense) is not a new lot: see
 * `giveBack`.
 */
async function openLot(tx: Db, uid: number, billId: number, amount: number, at: Date, undone: EarlierRow | undefined) {
  if (undone?.pm === 0) return giveBack(tx, uid, billId, amount, at, undone);
  const days = await integralValidDays(tx);
  const due = days > 0 ? new Date(at.getTime() + days * DAY_MS) : null;
  await ownLot(tx, billId, amount, due, at);
}

/** Sets an income row's own lot and queues its expiry (at once if its due date has passed). */
async function ownLot(tx: Db, billId: number, amount: number, due: Date | null, at: Date) {
  await tx
    .update(userBill)
    .set({ unspent: amount, expiresAt: amount > 0 ? due : null })
    .where(eq(userBill.billId, billId));
  if (due && amount > 0) {
    await enqueue(tx, 'integral.expire', { billId }, { runAt: due < at ? at : due, key: String(billId) });
  }
}

/**
 * Gives back `amount` points of expense `spent`: into the lots it took them from, last taken first, after what its
 * earlier give-backs put back (`restored`), so they keep the due dates they had. A lot whose due date has passed (or
 * that has expired) takes nothing back: those points become the give-back's own lot, due then, so they expire at once.
 * Points beyond what the expense recorded taking (taken before lots recorded it, or points no lot accounted for) are
 * the give-back's own lot too, due on the date migration 0025 gave such an expense (null: never).
 */
async function giveBack(tx: Db, uid: number, billId: number, amount: number, at: Date, spent: EarlierRow) {
  let skip = spent.restored;
  let left = amount;
  const pieces: { lot: number; n: number }[] = [];
  for (const p of [...(spent.taken ?? [])].reverse()) {
    const already = Math.min(skip, p.n);
    skip -= already;
    const n = Math.min(p.n - already, left);
    if (n <= 0) continue;
    pieces.push({ lot: p.lot, n });
    left -= n;
  }
  await tx
    .update(userBill)
    .set({ restored: sql`${userBill.restored} + ${amount}` })
    .where(eq(userBill.billId, spent.billId));
  let late = 0;
  let lateDue: Date | null = null;
  for (const piece of pieces) {
    const [back] = await tx
      .update(userBill)
      .set({ unspent: sql`${userBill.unspent} + ${piece.n}` })
      .where(
        and(
          eq(userBill.billId, piece.lot),
          eq(userBill.uid, uid),
          sql`(${userBill.expiresAt} is null or ${userBill.expiresAt} > ${at})`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(expiries)
              .where(expiryOf(piece.lot, uid, expiries)),
          ),
        ),
      )
      .returning({ id: userBill.billId });
    if (back) continue;
    const [lot] = await tx.select({ expiresAt: userBill.expiresAt }).from(userBill).where(eq(userBill.billId, piece.lot));
    late += piece.n;
    if (lot?.expiresAt && (!lateDue || lot.expiresAt > lateDue)) lateDue = lot.expiresAt;
  }
  // One lot of its own per give-back: points whose lots have passed their due date first (they expire at once).
  const due = late > 0 ? (lateDue ?? at) : spent.expiresAt;
  await ownLot(tx, billId, late + left, due, at);
}

/**
 * Takes a points expense from the shopper's lots: the lot of the income it undoes first, then soonest due first
 * (never-expiring last), oldest first among equals. Records on the expense what it took from which lot (`taken`),
 * for its give-backs (points no lot accounts for, set outside the ledger, are not in it).
 * Runs after the expense's update of the shopper's row, so the lots are the shopper's alone meanwhile.
 */
async function takeFromLots(tx: Db, uid: number, billId: number, amount: number, undone: { billId: number; pm: number } | undefined) {
  const first = undone?.pm === 1 ? undone.billId : 0;
  const result = await tx.execute(sql`
    with lots as (
      select bill_id, unspent,
        sum(unspent) over (order by bill_id = ${first} desc, expires_at asc nulls last, bill_id) - unspent as before
      from user_bill
      where ${liveLots(uid)}
    ), take as (
      select bill_id, least(unspent, ${amount} - before) as n, before from lots where before < ${amount}
    )
    update user_bill b set unspent = b.unspent - take.n from take where b.bill_id = take.bill_id
    returning take.bill_id as lot, take.n::int as n, take.before::bigint as before`);
  const taken = (result as unknown as { rows: { lot: number; n: number; before: string | number }[] }).rows
    .sort((a, b) => Number(a.before) - Number(b.before))
    .map((r) => ({ lot: Number(r.lot), n: Number(r.n) }));
  await tx.update(userBill).set({ taken }).where(eq(userBill.billId, billId));
}

/** Expiry rows, beside the `user_bill` a statement updates. */
const expiries = alias(userBill, 'expiry');

/** The expiry of points lot `lot` of shopper `uid`: its one `expire` row, linked to the lot's bill id (expire-points.ts). */
export const expiryOf = (lot: number, uid: number, t: typeof expiries | typeof userBill = userBill) =>
  and(eq(t.uid, uid), eq(t.category, 'integral'), eq(t.type, 'expire'), eq(t.linkId, String(lot)));

/** A shopper's points lots with something left in them (`user_bill_lots_idx`). */
export const liveLots = (uid: number) =>
  and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.pm, 1), gt(userBill.unspent, 0));

/** `integral_valid_days` (system_config): days earned points stay valid; 0 (the default) never expires them. */
export async function integralValidDays(db: Db): Promise<number> {
  const [row] = await db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, INTEGRAL_VALID_DAYS));
  return intSetting(row?.value, 0, 0, 3650);
}
