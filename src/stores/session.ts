import { atom, computed } from 'nanostores';
import type { UserDto } from '../shared/dto.ts';
import { setCartCount } from './cart.ts';

/** The signed-in user (spec section 4 "Auth state has user and loggedIn"). */
export const $user = atom<UserDto | null>(null);
export const $loggedIn = computed($user, (u) => u !== null);

/** The shopper's customer-service messages not read yet (spec section 3 `unreadNum`), shown by the top bar's 消息. */
export const $unreadNum = atom(0);
export const setUnreadNum = (n: number) => $unreadNum.set(Math.max(0, Math.trunc(n) || 0));

/** Spec section 4: reset clears the user and the token (the HttpOnly cookie is cleared by the server). */
export function resetSession(): void {
  $user.set(null);
  setCartCount(0);
  setUnreadNum(0);
}
