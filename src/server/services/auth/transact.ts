import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError } from '../errors.ts';

/**
 * Runs `fn` in one transaction (joining the caller's, see `transaction`). Throwing rolls everything back;
 * RETURNING a ServiceError instead commits first and then throws it, for refusals that must leave a trace (a
 * wrong code's try count, a failed captcha, a counted send attempt). Inside an outer transaction the trace is
 * kept in it and commits with it.
 */
export async function transactOrRefuse<T>(db: Db, fn: (tx: Db) => Promise<T | ServiceError>): Promise<T> {
  const out = await transaction(db, fn);
  if (out instanceof ServiceError) throw out;
  return out;
}
