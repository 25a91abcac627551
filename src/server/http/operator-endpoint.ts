import type { APIContext, APIRoute } from 'astro';
import { errorResponse } from './envelope.ts';
import { authenticateOperator } from '../services/operator/authenticate.ts';
import type { ServiceContext } from '../services/context.ts';

/** Paths of the operator API (`OPERATOR_TOKEN`): like the merchant API, the middleware reads no shopper session there. */
export const OPERATOR_API_PREFIX = '/api/operator/';

export const isOperatorApi = (pathname: string) => pathname.startsWith(OPERATOR_API_PREFIX);

/** Wraps an operator-API endpoint: checks the operator token, then runs it with the service context. */
export function operatorEndpoint(fn: (ctx: ServiceContext, api: APIContext) => Promise<Response> | Response): APIRoute {
  return async (api) => {
    try {
      await authenticateOperator(api.locals.ctx, api.request.headers.get('authorization'));
      return await fn(api.locals.ctx, api);
    } catch (err) {
      const res = errorResponse(err);
      if (res.status === 401) res.headers.set('www-authenticate', 'Bearer realm="operator"');
      return res;
    }
  };
}
