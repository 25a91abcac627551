import { map, atom } from 'nanostores';

/**
 * Page and UI state of spec section 3 (banner, header and footer flags, site details, the login dialog),
 * seeded from the server-rendered page (boot.ts) before any island hydrates. The server stays the source of truth.
 */
export interface PageState {
  banner: boolean;
  headers: boolean;
  footers: boolean;
  logoUrl: string;
  titleCon: string;
  /** Mobile mall / official account QR image. */
  code: string;
  mer_banner: { image: string; link: string }[];
  top_banner: { image: string; link: string; group_data_id: number } | null;
  /** Site URL, always ending with a slash. */
  domain: string;
  hotline: string;
  openService: string;
}

export const initialPageState: PageState = {
  banner: false,
  headers: true,
  footers: true,
  logoUrl: '',
  titleCon: '',
  code: '',
  mer_banner: [],
  top_banner: null,
  domain: '/',
  hotline: '',
  openService: '0',
};

export const $page = map<PageState>({ ...initialPageState });

export function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function seedPage(state: Partial<PageState>): void {
  $page.set({ ...initialPageState, ...state, domain: withTrailingSlash(state.domain ?? '/') });
}

/** The login dialog is shown (spec section 3 `login`). */
export const $loginDialog = atom(false);

/** Login dialog panel (spec section 2): 1 quick, 2 account, 3 QR, 4 forgot password, 5 register. */
export type LoginPanel = 1 | 2 | 3 | 4 | 5;
export const $loginPanel = atom<LoginPanel>(1);

/** Shows the dialog. Ways into login that should return to this page go through client/login.ts. */
export const openLogin = () => $loginDialog.set(true);
export const closeLogin = () => $loginDialog.set(false);

/** Requests in flight (drives the progress bar) and network status. */
export const $pending = atom(0);
export const $online = atom(true);
