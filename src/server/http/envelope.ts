import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
// zod's own messages in Chinese wherever a schema gives none, whichever module built the schema.
import '../../shared/schemas/zod.ts';
import { ServiceError, statusOf, type ServiceErrorCode } from '../services/errors.ts';
import { assertPlainInput } from '../services/input.ts';
import type { ServiceContext } from '../services/context.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../../server/limits.mjs';

/**
 * An envelope with its length: the server's compression (server/serve.mjs) then leaves answers under its 1 KB threshold
 * as they are (without a length it compressed every one, a 20-byte `{status:200}` included: a compression stream costs
 * the main thread about 50-100 µs whatever the size) and the answer leaves in one write instead of a chunked body and
 * its end marker.
 */
function json(body: unknown, status: number): Response {
  const bytes = Buffer.from(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(bytes.byteLength),
    },
  });
}

export const ok = (data?: unknown, message = 'success') => json({ status: 200, message, data }, 200);

/** A refusal envelope by error code (`fail('not_found', …)`): envelope and HTTP status from the one code table. */
export function fail(code: ServiceErrorCode, message: string, data?: Record<string, unknown>): Response {
  const { status, http } = statusOf(code);
  return json(data ? { status, message, data } : { status, message }, http);
}

/** PostgreSQL's disk_full (53100), or the file system's ENOSPC as PGlite reports it. */
function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '53100' || e.code === 'ENOSPC' || /No space left on device/i.test(String(e.message ?? ''))) return true;
  return e.cause !== undefined && e.cause !== err && isDiskFull(e.cause);
}

/** Maps any thrown value to an envelope; unexpected errors are logged and never leak details. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ServiceError) return fail(err.code, err.message, err.data);
  if (isDiskFull(err)) {
    // Writes fail until an operator frees space; reads go on. One line in the log, no internals to the client.
    console.error(`[mallfront] disk full: ${(err as Error).message}`);
    return json({ status: 503, message: '服务器繁忙，请稍后再试' }, 503);
  }
  console.error('[mallfront] unhandled API error', err);
  return fail('internal', '服务器开小差了，请稍后再试');
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? '参数错误';
}

/** Validates the query string; every problem is a 400 with the schema's Chinese message. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in raw)) raw[k] = v;
  assertPlainInput(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError('invalid', firstIssue(parsed.error));
  return parsed.data;
}

/**
 * Reads and drops, in the background, what is left of a body the server has refused. A client still sending it then
 * reads the refusal instead of a reset connection (write EPIPE: Playwright, curl and browsers give up on the answer
 * when the socket closes under their upload). The adapter cuts the body off at BODY_LIMIT_BYTES, which bounds what
 * is drained; Node's request timeout bounds how long.
 */
function drain(body: ReadableStream<Uint8Array> | null, reader = body?.getReader()): void {
  if (!reader) return;
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // The client went away or passed the adapter's limit: the connection is closed either way.
    }
  })();
}

/**
 * The body's bytes, read while it streams and refused with 413 (`message`) as soon as it passes `limit` bytes (or
 * announces more), so an oversized body never sits in memory. The rest of a refused body is drained (see `drain`).
 */
export async function readBytes(request: Request, limit: number, message = '请求内容过大'): Promise<Buffer> {
  if (Number(request.headers.get('content-length')) > limit) {
    drain(request.body);
    throw new ServiceError('too_large', message);
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (err) {
      // The adapter's own cut-off (server/limits.mjs) surfaces as a stream error.
      if (/limit exceeded/i.test(String((err as Error)?.message))) throw new ServiceError('too_large', message);
      throw new ServiceError('invalid', '请求格式不正确');
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limit) {
      drain(null, reader);
      throw new ServiceError('too_large', message);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** A body's bytes that are not UTF-8 (a Latin-1 or GBK client, a truncated character): 400 with this. */
export const NOT_UTF8 = '请求内容不是有效的 UTF-8 编码，请以 UTF-8 提交';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as text (UTF-8), refused with 413 past `limit` bytes while it streams (see `readBytes`), and with 400
 * (`NOT_UTF8`) when its bytes are not UTF-8: decoding would put U+FFFD in their place and store the text mangled.
 */
export async function readText(request: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<string> {
  const bytes = await readBytes(request, limit);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ServiceError('invalid', NOT_UTF8);
  }
}

/** Room for a multipart body's boundaries, part headers and small fields beside the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * One file of a `multipart/form-data` body (the field `field`, as browsers and the reference's clients send an
 * upload): null when the field is missing or not a file. The body is read while it streams and refused with 413
 * (`messages.tooLarge`) as soon as it passes `limit` plus the form's overhead, and the file itself past `limit`. A
 * body of another type is refused with 415 (`messages.type`) before it is read.
 */
export async function readUpload(
  request: Request,
  field: string,
  limit: number,
  messages: { tooLarge: string; type: string },
): Promise<Uint8Array | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) throw new ServiceError('unsupported_type', messages.type);
  const body = await readBytes(request, limit + MULTIPART_OVERHEAD_BYTES, messages.tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new ServiceError('invalid', messages.type);
  }
  const file = form.get(field);
  if (!file || typeof file === 'string') return null;
  if (file.size > limit) throw new ServiceError('too_large', messages.tooLarge);
  return new Uint8Array(await file.arrayBuffer());
}

/** A JSON media type: `application/json` or `application/<x>+json`, with or without parameters. */
const isJson = (type: string) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());

/**
 * Validates a JSON body with the endpoint's schema. The JSON API takes JSON only: a non-empty body of another type
 * (a form, text: what a cross-site form can send without a preflight) is refused with 415 before it is parsed. An
 * empty body is an empty object. Bodies over 64 KiB are refused while they stream.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (type && !isJson(type) && (request.headers.get('content-length') ?? '1') !== '0') {
    drain(request.body);
    throw new ServiceError('unsupported_type', '请求格式不正确，请以 JSON 格式提交');
  }
  const text = await readText(request);
  let raw: unknown = {};
  try {
    if (text.trim()) raw = JSON.parse(text);
  } catch {
    throw new ServiceError('invalid', '请求格式不正确');
  }
  assertPlainInput(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError('invalid', firstIssue(parsed.error));
  return parsed.data;
}

/**
 * The shopper's address. Behind `TRUST_PROXY=N` trusted proxies (`1` for one), it is the X-Forwarded-For entry
 * the farthest trusted proxy appended (N-th from the right): entries left of it are whatever the client sent,
 * so a client rotating them cannot escape per-address limits. Without TRUST_PROXY the socket address.
 */
export function clientIp(api: APIContext): string {
  const hops = Number.parseInt(process.env.TRUST_PROXY ?? '', 10);
  if (hops > 0) {
    const entries = (api.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const ip = entries[Math.max(0, entries.length - hops)];
    if (ip) return ip;
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
