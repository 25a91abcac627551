import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { merchant } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { notFound, parseInput } from '../input.ts';
import { createMerchantToken } from '../merchant-api/tokens.ts';

export const issueMerchantTokenInput = z.object({
  mer_id: idField('店铺ID'),
  /** What the token is for (shown in the token list), optional. */
  name: z.string({ error: '名称格式不正确' }).trim().max(60, '名称不能超过60个字符').optional().default(''),
});

export interface IssuedMerchantToken {
  mer_id: number;
  mer_name: string;
  token_id: number;
  /** The token's plain text: shown this once, only its SHA-256 is stored. */
  token: string;
}

/**
 * `POST /api/operator/merchant/{mer_id}/token`: a new merchant-API token for a shop (an applicant who lost the one
 * taken on /user/settle_record, a shop's second system). Earlier tokens stay valid until revoked
 * (`scripts/merchant-token.ts revoke`). An unknown shop is a 404.
 */
export async function issueMerchantToken(db: Db, input: unknown): Promise<IssuedMerchantToken> {
  const q = parseInput(issueMerchantTokenInput, input);
  const [m] = await db.select({ merId: merchant.merId, merName: merchant.merName }).from(merchant).where(eq(merchant.merId, q.mer_id));
  if (!m) throw notFound('店铺不存在');
  const { id, token } = await createMerchantToken(db, m.merId, q.name || '运营签发');
  return { mer_id: m.merId, mer_name: m.merName, token_id: id, token };
}
