import { systemConfig } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';

/** Every operator setting (`system_config`) by key. */
export async function readSettings(ctx: Pick<ServiceContext, 'db'>): Promise<Map<string, unknown>> {
  const rows = await ctx.db.select().from(systemConfig);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** A switch as the reference's clients read it: 1 on, 0 off; `fallback` while the operator has not set it. */
export function flag(v: unknown, fallback: 0 | 1): 0 | 1 {
  if (v === undefined || v === null || v === '') return fallback;
  return v === true || v === 1 || v === '1' ? 1 : 0;
}

export const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** A whole-number setting within [min, max]; `fallback` while unset or when the operator stored something else. */
export function intSetting(v: unknown, fallback: number, min: number, max: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
