import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBill, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { now } from '../dates.ts';
import { changeWallet, integralValidDays, WALLET_TEXT, type WalletOutcome } from './change-wallet.ts';

/**
 * Expires what is still unspent of one points earning (an income row of category `integral`), first-in-first-out:
 * points are spent oldest first, so what is left of this earning is the shopper's points now less everything earned
 * after it, clamped to [0, what it earned]. Writes one expense row (type `expire`, link the earning's bill id)
 * through the wallet helper, so it happens once however often it runs. Returns null when the row is not an earning.
 */
export async function expirePoints(db: Db, billId: number, at: Date = now()): Promise<WalletOutcome | null> {
  return transaction(db, async (tx) => {
    const [earned] = await tx.select().from(userBill).where(eq(userBill.billId, billId));
    if (earned?.category !== 'integral' || earned.pm !== 1) return null;
    // The shopper's row first: points earned or spent meanwhile wait for this expiry, so the figures below hold.
    const [u] = await tx.select({ integral: users.integral }).from(users).where(eq(users.uid, earned.uid)).for('update');
    if (!u) return null;
    const [later] = await tx
      .select({ n: sql<number>`coalesce(sum(${userBill.number}), 0)::int` })
      .from(userBill)
      .where(and(eq(userBill.uid, earned.uid), eq(userBill.category, 'integral'), eq(userBill.pm, 1), gt(userBill.billId, billId)));
    const unspent = Math.max(0, Math.min(earned.number, u.integral - (later?.n ?? 0)));
    const link = String(billId);
    if (unspent === 0) {
      const [seen] = await tx
        .select({ id: userBill.billId })
        .from(userBill)
        .where(
          and(eq(userBill.uid, earned.uid), eq(userBill.category, 'integral'), eq(userBill.type, 'expire'), eq(userBill.linkId, link)),
        );
      return { status: seen ? 'duplicate' : 'nothing', billId: seen?.id ?? null, balance: u.integral, number: 0 };
    }
    return changeWallet(tx, {
      uid: earned.uid,
      category: 'integral',
      pm: 0,
      number: unspent,
      type: 'expire',
      linkId: link,
      title: WALLET_TEXT.expireTitle,
      mark: `${earned.title}的${unspent}积分已过期`,
      at,
    });
  });
}

/**
 * The `integral.expire` job, queued with each earning while `integral_valid_days` is above 0, due that many days
 * later. Switched back to 0 meanwhile (points never expire), it does nothing. Running twice expires once.
 */
export const expirePointsJob: JobDefinition<{ billId: number }> = {
  async run({ billId }, { db, now: at }) {
    if ((await integralValidDays(db)) === 0) return;
    await expirePoints(db, billId, at);
  },
};
