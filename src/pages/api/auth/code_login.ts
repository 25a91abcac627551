import { z } from 'zod';
import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../server/http/session-token.ts';
import { OAUTH_STATE_COOKIE } from '../../../server/auth/oauth.ts';
import { codeLogin } from '../../../server/services/auth/code-login.ts';

export const POST = endpoint(async (ctx, api) => {
  // The service validates `code` after checking a provider exists, so "not configured" wins over a bad code.
  const body = ((await readBody(api.request, z.unknown())) ?? {}) as { code?: unknown; state?: unknown };
  const session = await codeLogin(ctx, { code: body.code, state: body.state }, api.cookies.get(OAUTH_STATE_COOKIE)?.value);
  api.cookies.delete(OAUTH_STATE_COOKIE, { path: '/' });
  setSessionCookie(api.cookies, session.token, isSecureRequest(api.url));
  return ok(session, '登录成功');
});
