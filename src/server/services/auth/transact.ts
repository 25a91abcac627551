import type { z } from 'zod';
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

/** Re-validates a service input with its shared schema; the first problem is a 400 with its Chinese message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new ServiceError(400, r.error.issues[0]?.message ?? '参数错误');
  return r.data;
}
