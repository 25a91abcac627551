import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

/**
 * Queues the shopper's cart writes (add, change, delete, buy again) on their user row for the rest of the
 * transaction, so two quick clicks cannot make two lines or lose each other's quantity.
 */
export async function lockCart(tx: Tx, uid: number): Promise<void> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
}
