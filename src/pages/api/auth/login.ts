import { z } from 'zod';
import { endpoint, ok } from '../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../server/http/session-token.ts';
import { passwordLogin, type PasswordLoginInput } from '../../../server/services/auth/password-login.ts';
import { readObjectBody } from '../_input.ts';

// The service validates the body itself (passwordLoginBody) and needs the account as typed: a leading `+`
// says the digits start with a calling code, which the schema's parsed value no longer shows.
const anyObject = z.record(z.string(), z.unknown());

export const POST = endpoint(async (ctx, api) => {
  const session = await passwordLogin(ctx, (await readObjectBody(api.request, anyObject)) as PasswordLoginInput);
  setSessionCookie(api.cookies, session.token, isSecureRequest(api.url));
  return ok(session, '登录成功');
});
