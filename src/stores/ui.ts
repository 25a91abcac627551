import { map, atom, computed } from 'nanostores';
import type { UserDto } from '../shared/dto.ts';

/**
 * The global state of spec section 3, seeded from the server-rendered page (boot.ts) before any island
 * hydrates. Islands read and write it; the server stays the source of truth.
 */
export interface AppState {
  banner: boolean;
  headers: boolean;
  footers: boolean;
  cartnumber: number;
  logoUrl: string;
  titleCon: string;
  /** The login dialog is shown. */
  login: boolean;
  /** A shopper is signed in. */
  users: boolean;
  /** Mobile mall / official account QR image. */
  code: string;
  mer_banner: { image: string; link: string }[];
  top_banner: { image: string; link: string; group_data_id: number } | null;
  /** Site URL, always ending with a slash. */
  domain: string;
  hotline: string;
  openService: string;
  unreadNum: number;
}

export const initialAppState: AppState = {
  banner: false,
  headers: true,
  footers: true,
  cartnumber: 0,
  logoUrl: '',
  titleCon: '',
  login: false,
  users: false,
  code: '',
  mer_banner: [],
  top_banner: null,
  domain: '/',
  hotline: '',
  openService: '0',
  unreadNum: 0,
};

export const $app = map<AppState>({ ...initialAppState });

/** The signed-in user (spec section 4 "Auth state has user and loggedIn"). */
export const $user = atom<UserDto | null>(null);
export const $loggedIn = computed($user, (u) => u !== null);

/** Requests in flight (drives the progress bar) and network status. */
export const $pending = atom(0);
export const $online = atom(true);

export function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function seedApp(state: Partial<AppState>, user: UserDto | null): void {
  $app.set({ ...initialAppState, ...state, domain: withTrailingSlash(state.domain ?? '/') });
  $user.set(user);
}

/** Login dialog panel (spec section 2): 1 quick, 2 account, 3 QR, 4 forgot password, 5 register. */
export type LoginPanel = 1 | 2 | 3 | 4 | 5;
export const $loginPanel = atom<LoginPanel>(1);

export const openLogin = () => $app.setKey('login', true);
export const closeLogin = () => $app.setKey('login', false);
export const setCartNumber = (n: number) => $app.setKey('cartnumber', Math.max(0, Math.trunc(n) || 0));

/** Spec section 4: reset clears the user and the token (the HttpOnly cookie is cleared by the server). */
export function resetSession(): void {
  $user.set(null);
  $app.setKey('users', false);
  $app.setKey('cartnumber', 0);
}
