import { asc, desc, eq } from 'drizzle-orm';
import { merchantType } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

type TypeOption = { mer_type_id: number; type_name: string };

/** Shop types in the order they are offered, all of them or only those applied for. */
const typeOptions = (db: ServiceContext['db'], applicableOnly: boolean): Promise<TypeOption[]> =>
  db
    .select({ mer_type_id: merchantType.merTypeId, type_name: merchantType.typeName })
    .from(merchantType)
    .where(applicableOnly ? eq(merchantType.applicable, true) : undefined)
    .orderBy(desc(merchantType.sort), asc(merchantType.merTypeId));

/** `GET /api/intention/type`: shop types for the filter row, `[{mer_type_id, type_name}]` (cached). */
export function listMerchantTypes(ctx: Pick<ServiceContext, 'db'>): Promise<TypeOption[]> {
  return cached(ctx.db, CACHE_KEYS.merchantTypes, () => typeOptions(ctx.db, false));
}

/** The shop types the merchant application form offers: all but the mall's own (`applicable` false, 自营). */
export function listApplicableTypes(ctx: Pick<ServiceContext, 'db'>): Promise<TypeOption[]> {
  return typeOptions(ctx.db, true);
}
