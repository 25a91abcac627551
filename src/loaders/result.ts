import { ServiceError } from '../server/services/errors.ts';

/** Statuses a page answers itself: unknown or hidden things, and the shopper's bad request. */
export type FailureStatus = 400 | 404;

/** A request a service refused: the page shows the error page with this status and message. */
export interface PageFailure {
  ok: false;
  status: FailureStatus;
  message: string;
}

/** What every page loader returns: its data, or why the page cannot be shown. */
export type PageResult<T> = { ok: true; data: T } | PageFailure;

/** A failure the loader decides itself (an unknown id before any service is asked). */
export const failure = (status: FailureStatus, message = ''): PageFailure => ({ ok: false, status, message });

/**
 * The one mapping from a service refusal to a page failure: `not_found` is 404 (unknown or hidden), any other
 * refusal is the shopper's bad request (400, with the service's message). Anything that is not a
 * ServiceError, or a server-side one (5xx), is a real fault and is rethrown: Astro then renders the 500 page.
 */
export function toFailure(err: unknown): PageFailure {
  if (!(err instanceof ServiceError) || err.httpStatus >= 500) throw err;
  return failure(err.code === 'not_found' ? 404 : 400, err.message);
}

/** Runs a loader's reads: their data, or the failure a ServiceError maps to (see `toFailure`). */
export async function loadPage<T>(load: () => Promise<T>): Promise<PageResult<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    return toFailure(err);
  }
}
