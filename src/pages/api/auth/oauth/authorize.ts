import { endpoint } from '../../../../server/http/envelope.ts';
import { isSecureRequest } from '../../../../server/http/session-token.ts';
import { getOAuthProvider, newOAuthState, OAUTH_STATE_COOKIE, OAUTH_STATE_MAX_AGE } from '../../../../server/auth/oauth.ts';

/**
 * Starts a third-party sign-in: a fresh `state` goes into this browser's HttpOnly cookie and to the provider,
 * which sends the shopper back to `/login?code=…&state=…`. Without a provider: 400 未配置第三方登录.
 */
export const GET = endpoint((_ctx, api) => {
  const provider = getOAuthProvider();
  const state = newOAuthState();
  api.cookies.set(OAUTH_STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(api.url),
    maxAge: OAUTH_STATE_MAX_AGE,
  });
  return api.redirect(provider.authorizeUrl({ state, redirectUri: new URL('/login', api.url).href }), 302);
});
