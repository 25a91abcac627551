import { asc, eq } from 'drizzle-orm';
import { merchant, merchantType } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS, CATALOGUE_TTL_MS } from '../cache.ts';

/** The merchant block of a product card (`merchant {mer_id, mer_name, is_trader, type_name}`). */
export interface MerchantBrief {
  mer_id: number;
  mer_name: string;
  is_trader: number;
  type_name: string;
  mer_avatar: string;
}

interface Summaries {
  byId: Map<number, MerchantBrief & { mer_type_id: number; status: boolean }>;
}

async function load(ctx: Pick<ServiceContext, 'db'>): Promise<Summaries> {
  const rows = await ctx.db
    .select({
      mer_id: merchant.merId,
      mer_name: merchant.merName,
      is_trader: merchant.isTrader,
      type_name: merchantType.typeName,
      mer_avatar: merchant.merAvatar,
      mer_type_id: merchant.merTypeId,
      status: merchant.status,
    })
    .from(merchant)
    .innerJoin(merchantType, eq(merchantType.merTypeId, merchant.merTypeId))
    .orderBy(asc(merchant.merId));
  return { byId: new Map(rows.map((r) => [r.mer_id, { ...r, is_trader: r.is_trader ? 1 : 0 }])) };
}

/**
 * Names, types and avatars of all shops (a few hundred rows), cached: they change rarely and a short
 * staleness is harmless on cards. Open/closed is still checked in SQL by every list. A page shows only the
 * shops it names (`merchant:<id>` from the cards), not all of them.
 */
export async function merchantBriefs(ctx: Pick<ServiceContext, 'db'>): Promise<Summaries['byId']> {
  return (await cached(ctx.db, CACHE_KEYS.merchants, () => load(ctx), CATALOGUE_TTL_MS, { shows: [] })).byId;
}

export function briefOf(m: MerchantBrief | undefined): MerchantBrief | null {
  return m ? { mer_id: m.mer_id, mer_name: m.mer_name, is_trader: m.is_trader, type_name: m.type_name, mer_avatar: m.mer_avatar } : null;
}
