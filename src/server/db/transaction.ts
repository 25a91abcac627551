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
 * Slow calls (gateways, hashing) belong before or after, never inside `fn`. Effects that must wait for the commit
 * (dropping cached pages) go through `afterCommit`.
 */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  if (inTransaction(db)) {
    const parent = scopes.get(db);
    return db.transaction(async (tx) => {
      const scope: Scope = { root: parent?.root ?? null, pending: [] };
      scopes.set(tx, scope);
      const result = await fn(tx);
      // The savepoint holds: its after-commit work waits for the outer transaction (dropped if that rolls back).
      parent?.pending.push(...scope.pending);
      return result;
    });
  }
  const scope: Scope = { root: db, pending: [] };
  const result = await db.transaction(async (tx) => {
    scopes.set(tx, scope);
    return fn(tx);
  }, config);
  for (const work of scope.pending) runSafely(work);
  return result;
}

/** A transaction opened by `transaction()`: its top-level database and the work waiting for its commit. */
interface Scope {
  root: Db | null;
  pending: Array<() => void>;
}

const scopes = new WeakMap<object, Scope>();

function runSafely(work: () => void): void {
  try {
    work();
  } catch (e) {
    console.error('after-commit work failed:', e);
  }
}

/**
 * Runs `work` once what `db` wrote is committed: at once outside a transaction, after the outermost commit inside
 * one (never if it rolls back, nor if the savepoint that registered it rolls back). Used for effects other
 * processes or readers must not see early: dropping cached pages, publishing a change.
 */
export function afterCommit(db: Db, work: () => void): void {
  const scope = inTransaction(db) ? scopes.get(db) : undefined;
  if (scope) scope.pending.push(work);
  else runSafely(work);
}

/** The top-level database handle behind `db` (itself outside a transaction). */
export function rootOf(db: Db): Db {
  if (!inTransaction(db)) return db;
  const root = scopes.get(db)?.root;
  if (!root) throw new Error('transaction not opened by transaction(): its database handle is unknown');
  return root;
}

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Runs independent reads: at once outside a transaction (a pool gives each its own connection), one after another
 * inside one, whose single connection runs one query at a time (node-postgres queues overlapping queries on a
 * client today, with a deprecation warning, and pg@9 refuses them). Each read is a function, so nothing starts
 * before its turn.
 */
export async function readAll<const T extends Reads>(db: Db, reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!inTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}
