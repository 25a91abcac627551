import type { z } from 'zod';
// zod's own messages in Chinese wherever a schema gives none, whichever module built the schema.
import '../../shared/schemas/zod.ts';
import { ServiceError } from './errors.ts';

/**
 * Re-validates a service input with its shared zod schema. Services are called by pages and endpoints
 * alike, so they never trust that the caller validated; the first problem is a 400 with its Chinese message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertPlainInput(input);
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ServiceError('invalid', r.error.issues[0]?.message ?? '参数错误');
  return r.data;
}

/**
 * How deep arrays and objects may nest in an input. The deepest real body (an order's invoice or form answers) is a
 * handful of levels; JSON.parse takes any depth, and walking a much deeper value recursively (ours or zod's)
 * overflows the stack: a 60 KB body of `[` would be a 500 on every JSON endpoint.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * What is wrong with an input's shape, without recursion: `deep` when arrays and objects nest past
 * `MAX_INPUT_DEPTH`, `nul` when a string or key holds a NUL character (PostgreSQL text cannot hold it); null when
 * neither. A deep value is reported before it is walked any further.
 */
export function inputProblem(v: unknown): 'deep' | 'nul' | null {
  const stack: [unknown, number][] = [[v, 0]];
  let nul = false;
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (typeof x === 'string') {
      if (x.includes('\0')) nul = true;
      continue;
    }
    if (!x || typeof x !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return 'deep';
    if (Array.isArray(x)) {
      for (const item of x) stack.push([item, depth + 1]);
      continue;
    }
    for (const [k, item] of Object.entries(x)) {
      if (k.includes('\0')) nul = true;
      stack.push([item, depth + 1]);
    }
  }
  return nul ? 'nul' : null;
}

/** Refuses, with a 400, an input nested past `MAX_INPUT_DEPTH` (请求格式不正确) or holding a NUL character (参数错误). */
export function assertPlainInput(v: unknown): void {
  const problem = inputProblem(v);
  if (problem === 'deep') throw new ServiceError('invalid', '请求格式不正确');
  if (problem === 'nul') throw new ServiceError('invalid', '参数错误');
}

/**
 * A NUL character anywhere in an input (PostgreSQL text cannot hold it, so it is bad input, never a 500), or a value
 * nested too deep to look through (bad input too).
 */
export function containsNul(v: unknown): boolean {
  return inputProblem(v) !== null;
}

/** 404-style refusal for an unknown or hidden thing, with the shopper-facing message. */
export const notFound = (message: string) => new ServiceError('not_found', message);

/** A page of results: the list shape every catalogue list returns. */
export interface Page<T> {
  count: number;
  list: T[];
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
