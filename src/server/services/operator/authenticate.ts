import { timingSafeEqual } from 'node:crypto';
import { hashToken } from '../../auth/tokens.ts';
import { addressKey, count, hit } from '../../auth/rate-limit.ts';
import { bearerToken } from '../merchant-api/authenticate.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';

export const OPERATOR_TEXT = {
  off: '运营接口未开启',
  missing: '缺少运营令牌，请在请求头中携带 Authorization: Bearer <令牌>',
  invalid: '运营令牌无效',
  tooMany: '运营令牌校验失败次数过多，请稍后再试',
} as const;

const FAILS_PER_IP = 10;
const WINDOW_SECONDS = 900;

/**
 * Checks the operator API's token (`OPERATOR_TOKEN`, one secret for the mall's operators; unset: the API is off).
 * Compared by SHA-256 in constant time; 10 failures from one address in 15 minutes and every check from it is refused.
 */
export async function authenticateOperator(
  ctx: ServiceContext,
  authorization: string | null,
  secret = process.env.OPERATOR_TOKEN ?? '',
): Promise<void> {
  if (!secret) throw new ServiceError('forbidden', OPERATOR_TEXT.off);
  const bucket = `operator-token:fail-ip:${ctx.ip ? addressKey(ctx.ip) : 'unknown'}`;
  if ((await count(ctx.db, bucket, WINDOW_SECONDS)) >= FAILS_PER_IP) throw new ServiceError('rate_limited', OPERATOR_TEXT.tooMany);
  const token = bearerToken(authorization);
  if (!token) throw new ServiceError('unauthorized', OPERATOR_TEXT.missing);
  if (!timingSafeEqual(Buffer.from(hashToken(token), 'hex'), Buffer.from(hashToken(secret), 'hex'))) {
    await hit(ctx.db, bucket);
    throw new ServiceError('unauthorized', OPERATOR_TEXT.invalid);
  }
}
