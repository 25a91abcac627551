import { is } from 'drizzle-orm';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** True when `db` is already a transaction (of either driver), i.e. a caller opened one around us. */
export const inTransaction = (db: Db): db is Tx => is(db, PgTransaction);

/**
 * Runs `fn` in a transaction, so a verb is all-or-nothing whether it is called alone or inside a larger one:
 * - `db` is the top-level database: opens a transaction (with `config`, e.g. an isolation level); a throw rolls
 *   it back, a return commits.
 * - `db` is already a transaction (checkout calling the stock, coupon, points and cart verbs): joins it through a
 *   SAVEPOINT. Nothing commits before the outer transaction does, and an outer rollback undoes the verb too; a
 *   throw from `fn` rolls back only the verb's own writes, so a caller that catches it continues from a clean state
 *   (without a savepoint, a caught failure would leave the verb's half-done writes, and after a SQL error
 *   PostgreSQL refuses every later statement of the transaction). `config` is ignored there: the outer
 *   transaction's settings hold.
 * Slow calls (gateways, hashing) belong before or after, never inside `fn`.
 */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  if (inTransaction(db)) return db.transaction(fn);
  return db.transaction(fn, config);
}
