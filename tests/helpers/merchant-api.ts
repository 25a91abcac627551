// What the merchant-API suites share: a shop signed in with its demo token, a refusal as the client sees it, and one
// route called as Astro calls it.
import type { APIContext } from 'astro';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { demoMerchantToken } from '../../src/server/db/seed/merchant-tokens.ts';
import { statusOf, type ServiceError } from '../../src/server/services/errors.ts';
import { authenticateMerchant } from '../../src/server/services/merchant-api/authenticate.ts';
import type { MerchantContext } from '../../src/server/services/merchant-api/context.ts';

/** Shop `merId` signed in with its demo token, as the HTTP wrapper does it. */
export async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  const merchant = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(merId)}`);
  return { db: d.db, merchant };
}

/** `promise` is refused with HTTP `http` and exactly `message` (Chinese, as the client shows it). */
export async function refused(promise: Promise<unknown>, http: number, message: string | RegExp): Promise<void> {
  const err = (await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  )) as ServiceError;
  expect(err.constructor.name).toBe('ServiceError');
  expect(statusOf(err.code).http).toBe(http);
  expect(err.message).toMatch(/[\u4e00-\u9fff]/);
  if (typeof message === 'string') expect(err.message).toBe(message);
  else expect(err.message).toMatch(message);
}

/** One merchant-API route called as Astro calls it, with shop `merId`'s token: the HTTP status and the envelope. */
export async function callRoute(
  d: Database,
  route: (api: APIContext) => Promise<Response> | Response,
  merId: number,
  opts: { method?: string; body?: unknown; params?: Record<string, string>; query?: string } = {},
) {
  const request = new Request(`http://mall.test/api/merchant/x${opts.query ? `?${opts.query}` : ''}`, {
    method: opts.method ?? 'POST',
    headers: { authorization: `Bearer ${demoMerchantToken(merId)}`, 'content-type': 'application/json' },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const res = await route({
    request,
    url: new URL(request.url),
    params: opts.params ?? {},
    locals: { ctx: { db: d.db, user: null, ip: '192.0.2.7' } },
  } as unknown as APIContext);
  return { http: res.status, body: (await res.json()) as { status: number; message: string; data: unknown } };
}
