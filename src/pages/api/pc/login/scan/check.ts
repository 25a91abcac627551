import { endpoint, ok, readBody } from '../../../../../server/http/envelope.ts';
import { isSecureRequest, setSessionCookie } from '../../../../../server/http/session-token.ts';
import { scanKeyBody } from '../../../../../shared/schemas/auth.ts';
import { checkScanLogin, SCAN_BROWSER_COOKIE } from '../../../../../server/services/auth/scan-login.ts';

/** Polled every 2 s by the browser that got the key; the answer with status 200 also signs it in by cookie. */
export const POST = endpoint(async (ctx, api) => {
  const result = await checkScanLogin(ctx, await readBody(api.request, scanKeyBody), api.cookies.get(SCAN_BROWSER_COOKIE)?.value);
  if (result.status === 200) setSessionCookie(api.cookies, result.result.token, isSecureRequest(api.url));
  return ok(result);
});
