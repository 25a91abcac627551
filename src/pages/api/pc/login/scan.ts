import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { isSecureRequest } from '../../../../server/http/session-token.ts';
import { browserSecret, createScanLogin, SCAN_BROWSER_COOKIE } from '../../../../server/services/auth/scan-login.ts';

/**
 * A new scan key, bound to this browser by an HttpOnly cookie that only the scan endpoints receive; its
 * User-Agent is kept with the key for the confirmation page.
 */
export const GET = endpoint(async (ctx, api) => {
  const browser = browserSecret(api.cookies.get(SCAN_BROWSER_COOKIE)?.value);
  const data = await createScanLogin(ctx, { browser, userAgent: api.request.headers.get('user-agent') });
  api.cookies.set(SCAN_BROWSER_COOKIE, browser, {
    path: '/api/pc/login/scan',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(api.url),
    maxAge: 86400,
  });
  return ok(data);
});
