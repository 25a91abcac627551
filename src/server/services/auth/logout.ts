import { revokeSession } from '../session/sessions.ts';
import type { ServiceContext } from '../context.ts';
import { accountText } from './messages.ts';

/**
 * `POST /api/logout`: revokes the request's session on the server (cookie or header token). A visitor gets the
 * same answer, so a retried or double-clicked logout never fails.
 */
export async function logout(ctx: Pick<ServiceContext, 'db'>, token: string | null): Promise<{ message: string }> {
  if (token) await revokeSession(ctx.db, token);
  return { message: accountText.loggedOut };
}
