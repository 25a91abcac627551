import type { z } from 'zod';
import { ServiceError } from './errors.ts';

/**
 * Re-validates a service input with its shared zod schema. Services are called by pages and endpoints
 * alike, so they never trust that the caller validated; the first problem is a 400 with its Chinese message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (containsNul(input)) throw new ServiceError('invalid', '参数错误');
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ServiceError('invalid', r.error.issues[0]?.message ?? '参数错误');
  return r.data;
}

/** A NUL character anywhere in an input (PostgreSQL text cannot hold it, so it is bad input, never a 500). */
export function containsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(containsNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\0') || containsNul(x));
  return false;
}

/** 404-style refusal for an unknown or hidden thing, with the shopper-facing message. */
export const notFound = (message: string) => new ServiceError('not_found', message);

/** A page of results: the list shape every catalogue list returns. */
export interface Page<T> {
  count: number;
  list: T[];
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
