import type { Db } from '../db/client.ts';
import { ServiceError, LOGIN_REQUIRED } from './errors.ts';

/** The signed-in shopper as services see it (never the raw row). */
export interface SessionUser {
  uid: number;
  nickname: string;
  avatar: string;
  phone: string;
  phoneCode: string;
  isOpenMember: boolean;
  isMoneyLevel: number;
  scope: string;
}

export interface ServiceContext {
  db: Db;
  user: SessionUser | null;
  /** Client IP for rate limits; absent in service calls that have no request behind them. */
  ip?: string;
  /**
   * The mall's own origins for this request (its own origin, SITE_URL, a trusted proxy's: `ownOrigins`): an absolute
   * URL on one of them names our own file (an upload sent as `http://<our host>/media/….webp`). Absent without a request.
   */
  origins?: ReadonlySet<string>;
}

/** Narrows the context to a signed-in shopper, or fails with the spec's `请登录` (status 400). */
export function requireUser(ctx: ServiceContext): SessionUser {
  if (!ctx.user) throw new ServiceError('login_required', LOGIN_REQUIRED);
  return ctx.user;
}

/** The one scope check of spec section 6: `scope` is a comma-separated list of granted scopes. */
export function hasScope(user: Pick<SessionUser, 'scope'> | null, wanted: string): boolean {
  return (
    !!user &&
    user.scope
      .split(',')
      .map((s) => s.trim())
      .includes(wanted)
  );
}
