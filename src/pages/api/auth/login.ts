import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../server/http/session-token.ts';
import { passwordLoginBody } from '../../../shared/schemas/auth.ts';
import { passwordLogin } from '../../../server/services/auth/password-login.ts';

export const POST = endpoint(async (ctx, api) => {
  const session = await passwordLogin(ctx, await readBody(api.request, passwordLoginBody));
  setSessionCookie(api.cookies, session.token, isSecureRequest(api.url));
  return ok(session, '登录成功');
});
