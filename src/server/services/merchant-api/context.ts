import type { Db } from '../../db/client.ts';
import { ServiceError } from '../errors.ts';

/** The merchant a merchant-API request acts for, resolved from its token (never from a shopper session). */
export interface MerchantPrincipal {
  merId: number;
  merName: string;
  /** The `merchant_token` row used. */
  tokenId: number;
}

/** What merchant-API services get: the database and the merchant; every query is scoped to `merchant.merId`. */
export interface MerchantContext {
  db: Db;
  merchant: MerchantPrincipal | null;
  ip?: string;
}

export const MERCHANT_TEXT = {
  missing: '缺少商户令牌，请在请求头中携带 Authorization: Bearer <令牌>',
  invalid: '商户令牌无效或已撤销',
  tooMany: '商户令牌校验失败次数过多，请稍后再试',
} as const;

/** Narrows the context to an authenticated merchant (the merchant endpoints always have one). */
export function requireMerchant(ctx: MerchantContext): MerchantPrincipal {
  if (!ctx.merchant) throw new ServiceError('unauthorized', MERCHANT_TEXT.missing);
  return ctx.merchant;
}
