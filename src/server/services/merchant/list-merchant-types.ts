import { asc, desc, eq } from 'drizzle-orm';
import { merchantType } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

/** `GET /api/intention/type`: shop types for the filter row, `[{mer_type_id, type_name}]` (cached). */
export function listMerchantTypes(ctx: Pick<ServiceContext, 'db'>): Promise<{ mer_type_id: number; type_name: string }[]> {
  return cached(ctx.db, CACHE_KEYS.merchantTypes, () =>
    ctx.db
      .select({ mer_type_id: merchantType.merTypeId, type_name: merchantType.typeName })
      .from(merchantType)
      .orderBy(desc(merchantType.sort), asc(merchantType.merTypeId)),
  );
}

/** The shop types the merchant application form offers: all but the mall's own (`applicable` false, 自营). */
export async function listApplicableTypes(ctx: Pick<ServiceContext, 'db'>): Promise<{ mer_type_id: number; type_name: string }[]> {
  return ctx.db
    .select({ mer_type_id: merchantType.merTypeId, type_name: merchantType.typeName })
    .from(merchantType)
    .where(eq(merchantType.applicable, true))
    .orderBy(desc(merchantType.sort), asc(merchantType.merTypeId));
}
