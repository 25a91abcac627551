import { ServiceError, type ServiceErrorCode } from '../server/services/errors.ts';

/** Statuses a page answers itself: unknown or hidden things, and the shopper's bad request. */
export type FailureStatus = 400 | 404;

/** A request a service refused: the page shows the error page with this status and message. */
export interface PageFailure {
  ok: false;
  status: FailureStatus;
  message: string;
  /** The request's input failed validation (a 404, not because the thing asked for is unknown). */
  invalid?: true;
}

/** What every page loader returns: its data, or why the page cannot be shown. */
export type PageResult<T> = { ok: true; data: T } | PageFailure;

/** A failure the loader decides itself (an unknown id before any service is asked). */
export const failure = (status: FailureStatus, message = ''): PageFailure => ({ ok: false, status, message });

/**
 * The page status of a service refusal (spec section 2 "Error page": where no route matches or validation fails,
 * 'This page could not be found'): an unknown or hidden thing (`not_found`) and a query or id that fails validation
 * (`invalid`) are 404; any other refusal (sold out, nothing left to refund…) is the shopper's bad request, 400.
 */
export const pageStatusOf = (code: ServiceErrorCode): FailureStatus => (code === 'not_found' || code === 'invalid' ? 404 : 400);

/**
 * The one mapping from a service refusal to a page failure (`pageStatusOf`, with the service's message). Anything
 * that is not a ServiceError, or a server-side one (5xx), is a real fault and is rethrown: Astro then renders the
 * 500 page.
 */
export function toFailure(err: unknown): PageFailure {
  if (!(err instanceof ServiceError) || err.httpStatus >= 500) throw err;
  const f = failure(pageStatusOf(err.code), err.message);
  return err.code === 'invalid' ? { ...f, invalid: true } : f;
}

/** Runs a loader's reads: their data, or the failure a ServiceError maps to (see `toFailure`). */
export async function loadPage<T>(load: () => Promise<T>): Promise<PageResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    return toFailure(err);
  }
}

/**
 * The tab a user-centre page's `?type=` names, by its `key`: none (or empty) is the first tab. A whole number that
 * names no tab is also the first: the reference's storefront puts its user menu's index in `type` (the top bar's
 * `/user/balance?type=3`, `/user?type=0`), so its links open the page as a shopper expects. Anything else names no
 * tab (undefined: the page's 404, as a query that fails validation).
 */
export function tabOf<T extends { key: string }>(tabs: readonly T[], type: string | null): T | undefined {
  if (!type) return tabs[0];
  return tabs.find((t) => t.key === type) ?? (/^\d{1,3}$/.test(type) ? tabs[0] : undefined);
}
