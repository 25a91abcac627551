import { endpoint, ok } from '../../server/http/envelope.ts';
import { clearSessionCookie } from '../../server/http/session-token.ts';
import { logout } from '../../server/services/auth/logout.ts';

/** Revokes the session behind the cookie or header token and clears the cookie; visitors get 200 too. */
export const POST = endpoint(async (ctx, api) => {
  const { message } = await logout(ctx, api.locals.token);
  clearSessionCookie(api.cookies);
  return ok(undefined, message);
});
