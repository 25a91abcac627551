import type { Db } from '../../db/client.ts';
import { ServiceError } from '../errors.ts';

/**
 * Runs `fn` in one transaction. Throwing rolls everything back; RETURNING a ServiceError instead commits
 * first and then throws it, for refusals that must leave a trace (a wrong code's try count, a failed
 * captcha, a counted send attempt).
 */
export async function transactOrRefuse<T>(db: Db, fn: (tx: Db) => Promise<T | ServiceError>): Promise<T> {
  // A transaction is a PgDatabase with the same schema; services take it as a Db.
  const out = await db.transaction((tx) => fn(tx as unknown as Db));
  if (out instanceof ServiceError) throw out;
  return out;
}
