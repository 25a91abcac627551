import type { APIContext, APIRoute } from 'astro';
import { errorResponse } from './envelope.ts';
import { authenticateMerchant } from '../services/merchant-api/authenticate.ts';
import type { MerchantContext } from '../services/merchant-api/context.ts';

/** Paths of the token-authenticated merchant API: the middleware never reads a shopper session on them. */
export const MERCHANT_API_PREFIX = '/api/merchant/';

export const isMerchantApi = (pathname: string) => pathname.startsWith(MERCHANT_API_PREFIX);

/**
 * Wraps a merchant-API endpoint: resolves the merchant from `Authorization: Bearer <merchant token>` (401 when
 * missing, unknown or revoked, 429 after too many failures from one address), hands the endpoint a MerchantContext
 * scoped to that merchant, and maps errors to the envelope like `endpoint()`.
 */
export function merchantEndpoint(fn: (ctx: MerchantContext, api: APIContext) => Promise<Response> | Response): APIRoute {
  return async (api) => {
    try {
      const base = api.locals.ctx;
      const merchant = await authenticateMerchant(base, api.request.headers.get('authorization'));
      return await fn({ db: base.db, merchant, ip: base.ip }, api);
    } catch (err) {
      const res = errorResponse(err);
      if (res.status === 401) res.headers.set('www-authenticate', 'Bearer realm="merchant"');
      return res;
    }
  };
}
