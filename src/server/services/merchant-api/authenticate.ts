import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { merchant, merchantToken } from '../../db/schema/index.ts';
import { hashToken } from '../../auth/tokens.ts';
import { addressKey, count, hit } from '../../auth/rate-limit.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { MERCHANT_TEXT, type MerchantPrincipal } from './context.ts';

/** Failed token checks one client address may make in the window before every check from it is refused (429). */
export const TOKEN_FAILS_PER_IP = 20;
export const TOKEN_FAIL_WINDOW_SECONDS = 900;
/** `last_used_at` is written at most this often per token (a busy integration does not write on every call). */
const LAST_USED_GRANULARITY_MS = 60_000;

export const tokenFailBucket = (ip: string) => `merchant-token:fail-ip:${addressKey(ip)}`;

/** The token of an `Authorization: Bearer <token>` header; null when the header is missing or not of that form. */
export function bearerToken(authorization: string | null | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m ? m[1]! : null;
}

/**
 * Resolves the merchant of a merchant-API request from its `Authorization: Bearer` header, against `merchant_token`
 * only (a shopper's session token is just an unknown token here, and a merchant token is never a session). Missing:
 * 401. Unknown or revoked: 401, and the failure counts against the client address; past TOKEN_FAILS_PER_IP failures
 * in 15 minutes every check from that address is refused with 429 before any token is looked at, so guessing stops
 * there. A good token's `last_used_at` is updated (to the minute).
 */
export async function authenticateMerchant(ctx: ServiceContext, authorization: string | null | undefined): Promise<MerchantPrincipal> {
  const bucket = ctx.ip ? tokenFailBucket(ctx.ip) : null;
  if (bucket && (await count(ctx.db, bucket, TOKEN_FAIL_WINDOW_SECONDS)) >= TOKEN_FAILS_PER_IP) {
    throw new ServiceError('rate_limited', MERCHANT_TEXT.tooMany);
  }
  if (!authorization?.trim()) throw new ServiceError('unauthorized', MERCHANT_TEXT.missing);
  const token = bearerToken(authorization);
  const [row] =
    token && token.length <= 200
      ? await ctx.db
          .select({ id: merchantToken.id, merId: merchantToken.merId, merName: merchant.merName })
          .from(merchantToken)
          .innerJoin(merchant, eq(merchant.merId, merchantToken.merId))
          .where(and(eq(merchantToken.tokenHash, hashToken(token)), isNull(merchantToken.revokedAt)))
      : [];
  if (!row) {
    if (bucket) await hit(ctx.db, bucket);
    throw new ServiceError('unauthorized', MERCHANT_TEXT.invalid);
  }
  const at = new Date();
  await ctx.db
    .update(merchantToken)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(merchantToken.id, row.id),
        or(isNull(merchantToken.lastUsedAt), lt(merchantToken.lastUsedAt, new Date(at.getTime() - LAST_USED_GRANULARITY_MS))),
      ),
    );
  return { merId: row.merId, merName: row.merName, tokenId: row.id };
}
