import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../server/http/session-token.ts';
import { authText, smsLoginBody } from '../../../shared/schemas/auth.ts';
import { ServiceError } from '../../../server/services/errors.ts';
import { smsLogin } from '../../../server/services/auth/sms-login.ts';

export const POST = endpoint(async (ctx, api) => {
  // Spec section 8: every failed SMS login answers 验证码错误, a malformed body included.
  const body = await readBody(api.request, smsLoginBody).catch(() => {
    throw new ServiceError('refused', authText.smsLoginFailed);
  });
  const session = await smsLogin(ctx, body);
  setSessionCookie(api.cookies, session.token, isSecureRequest(api.url));
  return ok(session, '登录成功');
});
