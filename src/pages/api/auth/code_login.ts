import { z } from 'zod';
import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../server/http/session-token.ts';
import { codeLogin } from '../../../server/services/auth/code-login.ts';

export const POST = endpoint(async (ctx, api) => {
  // The service validates `code` after checking a provider exists, so "not configured" wins over a bad code.
  const body = await readBody(api.request, z.unknown());
  const session = await codeLogin(ctx, (body as { code?: unknown } | null)?.code);
  setSessionCookie(api.cookies, session.token, isSecureRequest(api.url));
  return ok(session, '登录成功');
});
