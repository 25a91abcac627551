import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchant, merchantToken } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';

/** Prefix of every merchant token, so a leaked one is recognisable (and never mistaken for a shopper session). */
export const MERCHANT_TOKEN_PREFIX = 'mf_';

/** A new random merchant token: `mf_mer_` and 256 random bits. */
export function newMerchantToken(): string {
  return `${MERCHANT_TOKEN_PREFIX}mer_${newToken()}`;
}

export interface MerchantTokenRow {
  id: number;
  mer_id: number;
  mer_name: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Issues a token for merchant `merId` (an operator's act: scripts/merchant-token.ts). Only its SHA-256 is stored, so
 * the token is returned here once and can never be shown again. An unknown merchant throws.
 */
export async function createMerchantToken(db: Db, merId: number, name = ''): Promise<{ id: number; token: string }> {
  const [m] = await db.select({ merId: merchant.merId }).from(merchant).where(eq(merchant.merId, merId));
  if (!m) throw new Error(`merchant ${merId} does not exist`);
  const token = newMerchantToken();
  const [row] = await db
    .insert(merchantToken)
    .values({ merId, tokenHash: hashToken(token), name: name.slice(0, 60) })
    .returning({ id: merchantToken.id });
  return { id: row!.id, token };
}

/** Revokes token `id` (the row stays, with `revoked_at`); false when it is unknown or already revoked. */
export async function revokeMerchantToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(merchantToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(merchantToken.id, id), isNull(merchantToken.revokedAt)))
    .returning({ id: merchantToken.id });
  return rows.length > 0;
}

/** Every token (of one merchant, or all), for an operator: never the token itself, which is not stored. */
export async function listMerchantTokens(db: Db, merId?: number): Promise<MerchantTokenRow[]> {
  return db
    .select({
      id: merchantToken.id,
      mer_id: merchantToken.merId,
      mer_name: merchant.merName,
      name: merchantToken.name,
      created_at: merchantToken.createdAt,
      last_used_at: merchantToken.lastUsedAt,
      revoked_at: merchantToken.revokedAt,
    })
    .from(merchantToken)
    .innerJoin(merchant, eq(merchant.merId, merchantToken.merId))
    .where(merId === undefined ? undefined : eq(merchantToken.merId, merId))
    .orderBy(asc(merchantToken.id));
}
