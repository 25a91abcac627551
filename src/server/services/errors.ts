/**
 * Why a service refused, one word each. `SERVICE_ERRORS` is the one place a code becomes what the client sees:
 * the envelope `status` (spec section 8: 400 also carries `请登录`; 40000 is a bad token) and the HTTP status
 * (a real HTTP code mirrors the envelope; app codes such as 40000 go out as 401).
 */
export const SERVICE_ERRORS = {
  /** Bad input: a query, body or id that fails validation (the schema's Chinese message). */
  invalid: { status: 400, http: 400 },
  /** Well-formed, but the mall says no: sold out, limit reached, wrong code or password, account disabled. */
  refused: { status: 400, http: 400 },
  /** No session where one is needed; the message is `请登录`, which makes the client open the login dialog. */
  login_required: { status: 400, http: 400 },
  /** The token sent is unknown or expired, where a shopper is needed (`无效的 token`). */
  token_invalid: { status: 40000, http: 401 },
  /** Credentials or a signature refused (a merchant or provider call). */
  unauthorized: { status: 401, http: 401 },
  /** Signed in, but not allowed to act on this (another shopper's order, a missing scope, a cross-site write). */
  forbidden: { status: 403, http: 403 },
  not_found: { status: 404, http: 404 },
  /** The state changed under the request (a lost race, a used key); retrying may succeed. */
  conflict: { status: 409, http: 409 },
  too_large: { status: 413, http: 413 },
  /** A body that is not JSON sent to the JSON API (a form or text post: also what a cross-site form would send). */
  unsupported_type: { status: 415, http: 415 },
  /** An answer only given in a form the request did not ask for (the chat's event stream without `Accept: text/event-stream`). */
  not_acceptable: { status: 406, http: 406 },
  rate_limited: { status: 429, http: 429 },
  /** A provider we depend on (SMS gateway, payment) failed; not the shopper's fault. */
  unavailable: { status: 500, http: 500 },
  /** Anything unexpected; its detail stays in the server log. */
  internal: { status: 500, http: 500 },
} as const satisfies Record<string, { status: number; http: number }>;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;

/** Envelope and HTTP status of a code: the one mapping, used by the API envelope and the pages alike. */
export function statusOf(code: ServiceErrorCode): { status: number; http: number } {
  return SERVICE_ERRORS[code];
}

/** A failure the shopper or API client should see: a code from the union plus a (Chinese) message. */
export class ServiceError extends Error {
  /** The envelope `status` the client sees (derived from `code`; kept for code that still compares numbers). */
  readonly status: number;

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** Machine-readable detail for the client, e.g. `{ need_captcha: true }`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = statusOf(code).status;
  }

  /** The HTTP status an API response (or page) for this refusal carries. */
  get httpStatus(): number {
    return statusOf(this.code).http;
  }
}

export { LOGIN_REQUIRED } from '../../shared/messages.ts';

export const badRequest = (message: string) => new ServiceError('invalid', message);
