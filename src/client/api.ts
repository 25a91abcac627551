import { $pending } from '../stores/ui.ts';
import { resetSession } from '../stores/session.ts';
import { askLogin } from './login.ts';
import { LOGIN_REQUIRED } from '../shared/messages.ts';

/** A rejected API call: the envelope's message and status (500 when the server gave none). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number = 500,
    /** The envelope's data on a refusal, e.g. `{ need_captcha: true }`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Statuses that reject with the server's message (spec section 8). */
const MESSAGE_STATUSES = new Set([401, 402, 410000, 410001, 410002, 40000, 400]);
/** Among those, the ones where `请登录` means "the session is gone": 400-type answers. */
const LOGIN_STATUSES = new Set([410000, 410001, 410002, 40000, 400]);

export type Outcome<T> = { ok: true; data: T; message: string } | { ok: false; error: ApiError; loginRequired: boolean };

/** The status rules of spec section 8, as a pure function of the decoded body. */
export function interpret<T>(body: unknown): Outcome<T> {
  const b = (body && typeof body === 'object' ? body : {}) as { status?: unknown; message?: unknown; data?: unknown };
  const status = typeof b.status === 'number' ? b.status : Number(b.status) || 500;
  const message = typeof b.message === 'string' && b.message ? b.message : '请求失败';
  if (status === 200) return { ok: true, data: b.data as T, message };
  const data = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : undefined;
  if (MESSAGE_STATUSES.has(status)) {
    return {
      ok: false,
      error: new ApiError(message, status, data),
      loginRequired: LOGIN_STATUSES.has(status) && message === LOGIN_REQUIRED,
    };
  }
  return { ok: false, error: new ApiError(message, status || 500, data), loginRequired: false };
}

/** Spec section 4: remember where the shopper was, drop the session, clear local storage, open the dialog. */
export function onLoginRequired(): void {
  resetSession();
  try {
    localStorage.clear();
  } catch {
    /* storage can be disabled */
  }
  askLogin();
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request finish after the page is left (a save made while the shopper navigates away). */
  keepalive?: boolean;
}

/** The one way islands talk to the backend. Resolves with `data` and the server's message, or rejects with an ApiError. */
export async function send<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<{ data: T; message: string }> {
  const u = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
  const headers: Record<string, string> = { 'Form-type': 'pc', Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  $pending.set($pending.get() + 1);
  let body: unknown;
  try {
    const res = await fetch(u, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
    body = await res.json().catch(() => ({ status: res.status, message: res.statusText }));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError('网络连接失败，请检查网络后重试', 500);
  } finally {
    $pending.set(Math.max(0, $pending.get() - 1));
  }
  const outcome = interpret<T>(body);
  if (outcome.ok) return { data: outcome.data, message: outcome.message };
  if (outcome.loginRequired) onLoginRequired();
  throw outcome.error;
}

export async function request<T>(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<T> {
  return (await send<T>(method, path, opts)).data;
}

export const get = <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal });
export const post = <T>(path: string, body?: unknown) => request<T>('POST', path, { body });
