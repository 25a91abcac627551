import type { Db } from '../../db/client.ts';
import type { UserDto } from '../../../shared/dto.ts';
import { createSession } from '../session/sessions.ts';
import { toUserDto } from '../user/get-user.ts';
import type { SessionUser } from '../context.ts';

/** What every sign-in answers (spec section 7 "token"): the endpoint also sets the session cookie from it. */
export interface SignedIn {
  token: string;
  /** Unix seconds. */
  expires_time: number;
  user: UserDto;
}

/** Opens a 7-day session for a verified shopper. */
export async function openSession(db: Db, user: SessionUser, now = new Date()): Promise<SignedIn> {
  const { token, expiresAt } = await createSession(db, user.uid, now);
  return { token, expires_time: Math.floor(expiresAt.getTime() / 1000), user: toUserDto(user) };
}
