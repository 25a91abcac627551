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
 * Whether PostgreSQL text can hold `s`: no NUL character, and no lone UTF-16 surrogate (a JSON `"\udfff"` parses to
 * one; written, it would be a 500 from the encoder or be stored cut short after a U+FFFD).
 */
const storable = (s: string) => !s.includes('\0') && s.isWellFormed();

/**
 * What is wrong with an input's shape, without recursion: `deep` when arrays and objects nest past
 * `MAX_INPUT_DEPTH`, `char` when a string or key holds a character PostgreSQL text cannot hold (`storable`); null
 * when neither. A deep value is reported before it is walked any further.
 */
export function inputProblem(v: unknown): 'deep' | 'char' | null {
  const stack: [unknown, number][] = [[v, 0]];
  let bad = false;
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (typeof x === 'string') {
      if (!storable(x)) bad = true;
      continue;
    }
    if (!x || typeof x !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return 'deep';
    if (Array.isArray(x)) {
      for (const item of x) stack.push([item, depth + 1]);
      continue;
    }
    for (const [k, item] of Object.entries(x)) {
      if (!storable(k)) bad = true;
      stack.push([item, depth + 1]);
    }
  }
  return bad ? 'char' : null;
}

/**
 * Refuses, with a 400, an input nested past `MAX_INPUT_DEPTH` (请求格式不正确) or holding a NUL character or a lone
 * surrogate (参数错误).
 */
export function assertPlainInput(v: unknown): void {
  const problem = inputProblem(v);
  if (problem === 'deep') throw new ServiceError('invalid', '请求格式不正确');
  if (problem === 'char') throw new ServiceError('invalid', '参数错误');
}

/**
 * A character anywhere in an input that PostgreSQL text cannot hold (a NUL, a lone surrogate: bad input, never a 500),
 * or a value nested too deep to look through (bad input too).
 */
export function isUnstorable(v: unknown): boolean {
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
