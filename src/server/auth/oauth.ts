import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../services/errors.ts';

export const OAUTH_NOT_CONFIGURED = '未配置第三方登录';

/** What a third-party provider tells us about the account behind a callback `code`. */
export interface OAuthIdentity {
  /** Stable id of the account at the provider (e.g. an open id). */
  subject: string;
  /** A phone number the provider has verified, used to link to (or create) a mall account. */
  phone?: { phoneCode: string; phone: string };
  nickname?: string;
  avatar?: string;
}

/**
 * A third-party sign-in (the `/login?code=` callback). `exchange` turns the one-time code into the identity,
 * or throws a ServiceError with a shopper-facing message when the provider refuses it.
 */
export interface OAuthProvider {
  readonly name: string;
  /** Where the browser goes to sign in at the provider; it comes back to `redirectUri?code=…&state=<state>`. */
  authorizeUrl(params: { state: string; redirectUri: string }): string;
  exchange(code: string): Promise<OAuthIdentity>;
}

let current: OAuthProvider | null = null;

/** The configured provider; none by default, so code login answers a clear error. */
export function getOAuthProvider(): OAuthProvider {
  if (!current) throw new ServiceError('refused', OAUTH_NOT_CONFIGURED);
  return current;
}

/** Installs (or, with null, removes) the provider: an operator's integration, or tests. */
export function useOAuthProvider(provider: OAuthProvider | null): void {
  current = provider;
}

/** The cookie binding a third-party sign-in to the browser that started it (10 minutes, HttpOnly). */
export const OAUTH_STATE_COOKIE = 'oauth_state';
export const OAUTH_STATE_MAX_AGE = 600;

/** A fresh, unguessable `state` for one sign-in attempt. */
export function newOAuthState(): string {
  return randomBytes(32).toString('base64url');
}

/** The callback's `state` is the one this browser was given (constant-time comparison). */
export function sameOAuthState(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
