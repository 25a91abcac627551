import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { ServiceError } from '../services/errors.ts';
import type { ServiceContext } from '../services/context.ts';

const HTTP_CODES = new Set([200, 400, 401, 403, 404, 409, 413, 429, 500]);

/** HTTP status for an envelope status: real codes mirror, app codes (40000, 410000...) go out as 401. */
export function httpStatusOf(status: number): number {
  if (HTTP_CODES.has(status)) return status;
  return status === 402 || status === 40000 || status >= 410000 ? 401 : 400;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const ok = (data?: unknown, message = 'success') => json({ status: 200, message, data }, 200);

export const fail = (status: number, message: string, data?: Record<string, unknown>) =>
  json(data ? { status, message, data } : { status, message }, httpStatusOf(status));

/** Maps any thrown value to an envelope; unexpected errors are logged and never leak details. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ServiceError) return fail(err.status, err.message, err.data);
  console.error('[mallfront] unhandled API error', err);
  return fail(500, '服务器开小差了，请稍后再试');
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? '参数错误';
}

/** Validates the query string; every problem is a 400 with the schema's Chinese message. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in raw)) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError(400, firstIssue(parsed.error));
  return parsed.data;
}

/** Validates a JSON (or form) body with the same rules. Bodies over 64 KiB are refused. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await request.text();
  if (text.length > 65536) throw new ServiceError(413, '请求内容过大');
  let raw: unknown = {};
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/x-www-form-urlencoded')) raw = Object.fromEntries(new URLSearchParams(text));
    else if (text.trim()) raw = JSON.parse(text);
  } catch {
    throw new ServiceError(400, '请求格式不正确');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError(400, firstIssue(parsed.error));
  return parsed.data;
}

/** The shopper's address; X-Forwarded-For is trusted only behind a proxy we were told about (TRUST_PROXY=1). */
export function clientIp(api: APIContext): string {
  if (process.env.TRUST_PROXY === '1') {
    const fwd = api.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return api.clientAddress;
  } catch {
    return 'unknown';
  }
}

/** Wraps an endpoint: hands it the service context the middleware put on `locals.ctx`, and maps errors. */
export function endpoint(fn: (ctx: ServiceContext, api: APIContext) => Promise<Response> | Response): APIRoute {
  return async (api) => {
    try {
      return await fn(api.locals.ctx, api);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
