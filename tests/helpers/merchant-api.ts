// What the merchant-API suites share: a shop signed in with its demo token, a refusal as the client sees it, and one
// route called as Astro calls it.
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { demoMerchantToken } from '../../src/server/db/seed/merchant-tokens.ts';
import { statusOf, type ServiceError } from '../../src/server/services/errors.ts';
import { authenticateMerchant } from '../../src/server/services/merchant-api/authenticate.ts';
import type { MerchantContext } from '../../src/server/services/merchant-api/context.ts';
import { storeCategory } from '../../src/server/db/schema/index.ts';
import { uploadMerchantImage } from '../../src/server/services/media/upload-image.ts';
import { createMerchantProduct, updateMerchantProduct } from '../../src/server/services/merchant-api/product-writes.ts';
import { getMerchantProduct, type MerchantProductDto } from '../../src/server/services/merchant-api/products.ts';
import { formatDateTime } from '../../src/server/services/dates.ts';

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

let pngSeq = 0;
/** A small PNG, a new colour each time (a new upload, not a repeat). */
export const tinyPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: ++pngSeq % 255, g: 120, b: 40 } } })
      .png()
      .toBuffer(),
  );

let nameSeq = 0;
/** A new two-SKU product of the shop on sale, named `<name><pid>x<n>`: 灰色 ¥129 × 50, 红色 ¥139.50 × 30. */
export async function twoSkuProduct(d: Database, m: MerchantContext, name: string): Promise<MerchantProductDto> {
  const { path } = await uploadMerchantImage(m, { bytes: await tinyPng() });
  const [c] = await d.db.select({ id: storeCategory.storeCategoryId }).from(storeCategory).where(eq(storeCategory.level, 3)).limit(1);
  return createMerchantProduct(m, {
    store_name: `${name}${process.pid}x${++nameSeq}`,
    cate_id: c!.id,
    image: path,
    content: '<p>316不锈钢内胆</p>',
    spec_type: 1,
    attr: [{ value: '颜色', detail: ['灰色', '红色'] }],
    attrValue: [
      { detail: { 颜色: '灰色' }, price: '129', stock: 50 },
      { detail: { 颜色: '红色' }, price: '139.50', stock: 30 },
    ],
    status: 1,
  });
}

/** The `unique` of a product's SKU by its spec values (`灰色`). */
export const uniqueOf = (p: { attrValue: { unique: string; sku: string }[] }, sku: string) =>
  p.attrValue.find((s) => s.sku === sku)!.unique;

/** A `twoSkuProduct` updated by its shop without its `sku` SKU (removed: an offer's SKU of it has no product SKU any more). */
export async function dropSku(m: MerchantContext, id: number, sku: string): Promise<MerchantProductDto> {
  const p = await getMerchantProduct(m, { id });
  const keep = p.attrValue.filter((s) => s.sku !== sku);
  return updateMerchantProduct(m, {
    id,
    store_name: p.store_name,
    cate_id: p.cate_id,
    image: p.image,
    content: p.content,
    spec_type: 1,
    attr: [{ value: '颜色', detail: keep.map((s) => s.sku) }],
    attrValue: keep.map((s) => ({ detail: s.detail, price: s.price, stock: s.stock })),
    status: 1,
  });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 'YYYY-MM-DD HH:mm:ss' in mall time, `ms` from now (the held clock). */
export const mallTimeIn = (ms: number) => formatDateTime(new Date(Date.now() + ms))!;

/**
 * A deposit presale of a `twoSkuProduct` running now (started an hour ago, ends in a day, balance payable from then for
 * two days): 灰色 ¥99 (deposit ¥20) × 10, 红色 ¥109.50 (deposit ¥30.50) × 5.
 */
export const depositPresellBody = (origin: MerchantProductDto, extra: Record<string, unknown> = {}) => ({
  origin_product_id: origin.product_id,
  presell_type: 2,
  start_time: mallTimeIn(-HOUR),
  end_time: mallTimeIn(DAY),
  final_start_time: mallTimeIn(DAY),
  final_end_time: mallTimeIn(3 * DAY),
  delivery_type: 1,
  delivery_day: 5,
  pay_count: 3,
  attrValue: [
    { unique: uniqueOf(origin, '灰色'), price: '99', down_price: '20', stock: 10 },
    { unique: uniqueOf(origin, '红色'), price: 109.5, down_price: '30.50', stock: 5 },
  ],
  ...extra,
});

/** A full-payment presale of a `twoSkuProduct` running now (until tomorrow): 灰色 ¥59.90 × `grey`, 红色 ¥69 × 0. */
export const fullPresellBody = (origin: MerchantProductDto, grey: number, extra: Record<string, unknown> = {}) => ({
  origin_product_id: origin.product_id,
  presell_type: 1,
  start_time: mallTimeIn(-HOUR),
  end_time: mallTimeIn(DAY),
  delivery_type: 2,
  delivery_day: 3,
  attrValue: [
    { unique: uniqueOf(origin, '灰色'), price: '59.90', stock: grey },
    { unique: uniqueOf(origin, '红色'), price: 69, stock: 0 },
  ],
  ...extra,
});
