// Review pictures and the review page over real HTTP: uploads re-encoded without their metadata, refusals a client
// can read (400 not a picture, 413 too large while the body is still streaming, 请登录 for visitors), and the
// /evaluation page of a bought item that has not been received yet. (The full flow, ship → receive → review → the
// product page, needs the shipping and receipt verbs built on other branches.)
import http from 'node:http';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { bearer, paidOrder } from './orders.ts';
import { hasGpsTag, photo } from '../helpers/images.ts';
import { REVIEW_TEXT, UPLOAD_TEXT } from '../../src/shared/review.ts';

const MB = 1024 * 1024;
const UPLOAD = '/api/upload/image/file';

const filePart = (name: string, mimeType: string, buffer: Buffer) => ({ file: { name, mimeType, buffer } });

test.describe('picture upload API', () => {
  test('a PNG with EXIF GPS comes back upright, without metadata, within 1600 px, served as immutable WebP', async ({ request }) => {
    const token = await freshShopper(request);
    const png = await photo('png', { width: 2400, height: 1200, orientation: 6 });
    const sent = await sharp(png).metadata();
    expect(hasGpsTag(sent.exif)).toBe(true);
    expect(sent.orientation).toBe(6);

    const { data, message } = await okBody(
      await request.post(UPLOAD, { headers: bearer(token), multipart: filePart('IMG_0001.png', 'image/png', png) }),
    );
    expect(message).toBe('上传成功');
    expect(data.path).toMatch(/^\/media\/u[0-9a-f]{24}\.webp$/);
    // 2400×1200 turned upright is 1200×2400, then bounded to 1600 on the long side.
    expect(data).toMatchObject({ width: 800, height: 1600 });

    const res = await request.get(data.path);
    expect(res.status()).toBe(200);
    expect(res.headers()).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const got = await sharp(await res.body()).metadata();
    expect(got).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect([got.exif, got.xmp, got.iptc, got.icc, got.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const again = await request.get(data.path, { headers: { 'if-none-match': res.headers().etag! } });
    expect(again.status()).toBe(304);
    expect((await request.get('/media/u000000000000000000000000.webp')).status()).toBe(404);
  });

  test('a text file named .png, an empty file and a form without a file are 400 with a clear message', async ({ request }) => {
    const token = await freshShopper(request);
    const text = Buffer.from('这只是一段文字，不是图片。\n'.repeat(40));
    const cases: [Record<string, unknown>, string][] = [
      [filePart('photo.png', 'image/png', text), UPLOAD_TEXT.notImage],
      [filePart('photo.jpg', 'image/jpeg', Buffer.alloc(0)), UPLOAD_TEXT.empty],
      [{ other: 'x' }, UPLOAD_TEXT.noFile],
      [{ file: 'just a string' }, UPLOAD_TEXT.noFile],
    ];
    for (const [multipart, message] of cases) {
      const body = await refusal(await request.post(UPLOAD, { headers: bearer(token), multipart: multipart as never }));
      expect(body.message).toBe(message);
    }
    const json = await request.post(UPLOAD, { headers: bearer(token), data: { file: 'x' } });
    expect(json.status()).toBe(415);
    expect((await json.json()).message).toBe(UPLOAD_TEXT.multipart);
  });

  test('a 6 MB file is refused with 413 while its body is still streaming', async ({ request, baseURL }) => {
    const token = await freshShopper(request);
    const six = Buffer.concat([await photo('png'), Buffer.alloc(6 * MB, 1)]);
    const body = await refusal(
      await request.post(UPLOAD, { headers: bearer(token), multipart: filePart('big.png', 'image/png', six) }),
      413,
    );
    expect(body.message).toBe(UPLOAD_TEXT.tooLarge);

    // Chunked, without a length: 6 MB sent, the rest held back. The answer must come before the body ends.
    const streamed = await new Promise<{ status: number; body: string; finished: boolean }>((resolve, reject) => {
      const u = new URL(UPLOAD, baseURL);
      const boundary = 'mallfront-review-test';
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text, finished: req.writableEnded });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
      req.write(six);
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ status: 413, message: UPLOAD_TEXT.tooLarge });
    expect(streamed.finished, 'the body was still unfinished when the answer came').toBe(false);
  });

  test('visitors are asked to sign in (请登录)', async ({ request }) => {
    const res = await request.post(UPLOAD, { multipart: filePart('a.png', 'image/png', await photo('png')) });
    expect((await refusal(res)).message).toBe('请登录');
  });
});

test.describe('the review page', () => {
  test('an item not yet received shows the error page with the reason; the API says the same; others get 404', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const { groupOrderId, orderIds } = await paidOrder(request, token);
    const detail = (await okBody(await request.get(`/api/order/group_order_detail/${groupOrderId}`, { headers: bearer(token) }))).data;
    const unique = detail.orderList[0].orderProduct[0].order_product_id as number;

    const res = await page.goto(`/evaluation?unique=${unique}&order_id=${orderIds[0]}`);
    expect(res!.status()).toBe(400);
    await expect(page.getByText(REVIEW_TEXT.notReceived)).toBeVisible();
    await expect(page.locator('[data-review-form]')).toHaveCount(0);

    expect((await refusal(await request.get(`/api/reply/product/${unique}`, { headers: bearer(token) }))).message).toBe(
      REVIEW_TEXT.notReceived,
    );
    const post = await request.post(`/api/reply/${unique}`, {
      headers: bearer(token),
      data: { comment: '很好', pics: [], product_score: 5, service_score: 5, postage_score: 5 },
    });
    expect((await refusal(post)).message).toBe(REVIEW_TEXT.notReceived);

    // The wrong order in the URL, another shopper, a visitor.
    expect((await page.goto(`/evaluation?unique=${unique}&order_id=${orderIds[0]! + 100000}`))!.status()).toBe(404);
    const other = await freshShopper(request);
    await refusal(await request.get(`/api/reply/product/${unique}`, { headers: bearer(other) }), 404);
    await context.clearCookies();
    await page.goto(`/evaluation?unique=${unique}&order_id=${orderIds[0]}`);
    await expect(page).toHaveURL(/\/login/);
  });
});
