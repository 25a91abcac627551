import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBill, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { now } from '../dates.ts';
import { changeWallet, expiryOf, integralValidDays, WALLET_TEXT, type WalletOutcome } from './change-wallet.ts';

/**
 * Expires what is still unspent of one points lot (an income row of category `integral`): writes one expense row
 * (type `expire`, link the lot's bill id) for its `unspent`, taken from that lot, through the wallet helper, so it
 * happens once however often it runs. Returns null when the row is not a points income.
 */
export async function expirePoints(db: Db, billId: number, at: Date = now()): Promise<WalletOutcome | null> {
  return transaction(db, async (tx) => {
    const [earned] = await tx.select().from(userBill).where(eq(userBill.billId, billId));
    if (earned?.category !== 'integral' || earned.pm !== 1) return null;
    // The shopper's row first: points earned or spent meanwhile wait for this expiry, so the lot's figure holds.
    const [u] = await tx.select({ integral: users.integral }).from(users).where(eq(users.uid, earned.uid)).for('update');
    if (!u) return null;
    const [lot] = await tx.select({ unspent: userBill.unspent }).from(userBill).where(eq(userBill.billId, billId));
    const unspent = lot?.unspent ?? 0;
    const link = String(billId);
    if (unspent === 0) {
      const [seen] = await tx.select({ id: userBill.billId }).from(userBill).where(expiryOf(billId, earned.uid));
      return { status: seen ? 'duplicate' : 'nothing', billId: seen?.id ?? null, balance: u.integral, number: 0 };
    }
    const outcome = await changeWallet(tx, {
      uid: earned.uid,
      category: 'integral',
      pm: 0,
      number: unspent,
      upToBalance: true,
      undoes: { type: earned.type, linkId: earned.linkId },
      type: 'expire',
      linkId: link,
      title: WALLET_TEXT.expireTitle,
      mark: `${earned.title}的${Math.min(unspent, u.integral)}积分已过期`,
      at,
    });
    // Points set outside the ledger can leave a lot larger than the figure: what the figure lacked is gone too.
    if (outcome.status !== 'duplicate') await tx.update(userBill).set({ unspent: 0 }).where(eq(userBill.billId, billId));
    return outcome;
  });
}

/**
 * The `integral.expire` job, queued with each points lot that has a due date (an earning while `integral_valid_days`
 * is above 0, due that many days later; a give-back's own lot, due when what it gives back was). Switched back to 0
 * meanwhile (points never expire), it does nothing. Running twice expires once.
 */
export const expirePointsJob: JobDefinition<{ billId: number }> = {
  async run({ billId }, { db, now: at }) {
    if ((await integralValidDays(db)) === 0) return;
    await expirePoints(db, billId, at);
  },
};
