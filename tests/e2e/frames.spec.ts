// Activity frames (the reference's `border_pic`) through the operator API and CLI: a picture uploaded with its
// transparency kept, the refusals in Chinese, and what a shopper sees on the product cards of shop 19 (its cards are
// looked at by no other spec): the frame over one product's picture while it runs, not before its start, not once
// switched off, the cached shop page dropped by each write. Every frame made here is deleted again, also when a test
// fails. The tests of this file run one after another: the refusals count the frames the others create.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';
import { OPERATOR_TOKEN } from './operator.ts';

test.describe.configure({ mode: 'default' });

const SHOP = 19;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const operator = bearer(OPERATOR_TOKEN);

/** `at` (ms) in mall time (UTC+8) as the API writes times: 'YYYY-MM-DD HH:mm:ss'. */
const mallTime = (at: number) => new Date(at + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/** A 200 px square PNG frame: an opaque border of `colour`, 160 px of full transparency inside (cut out by an opaque square). */
function framePng(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 4, background: colour } })
    .composite([
      { input: { create: { width: 160, height: 160, channels: 4, background: '#000000' } }, left: 20, top: 20, blend: 'dest-out' },
    ])
    .png()
    .toBuffer();
}

/** Uploads a frame picture through the operator API: its `/media/….webp` path. */
async function uploadFrame(request: APIRequestContext, colour: string): Promise<string> {
  const res = await request.post('/api/operator/upload/image', {
    headers: operator,
    multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: await framePng(colour) } },
  });
  const { data } = await okBody(res);
  expect(data).toMatchObject({ path: expect.stringMatching(/^\/media\/[a-z0-9-]+\.webp$/), width: 200, height: 200 });
  return data.path;
}

const frameCount = async (request: APIRequestContext) =>
  (await okBody(await request.get('/api/operator/frame/lst?limit=1', { headers: operator }))).data.count as number;

/** The frames a test created, deleted at its end whatever happened (a frame already deleted is a 404, ignored). */
function cleanup(request: APIRequestContext) {
  const ids: number[] = [];
  return {
    add: (id: number) => ids.push(id),
    run: async () => {
      for (const id of ids) await request.post(`/api/operator/frame/delete/${id}`, { headers: operator });
    },
  };
}

/** The shop's product cards as the product list API gives them: id → border_pic. */
async function shopFrames(request: APIRequestContext): Promise<Map<number, string>> {
  const { data } = await okBody(await request.get(`/api/product/spu/merchant/${SHOP}?limit=100`));
  expect(data.list.length).toBe(data.count);
  return new Map((data.list as { product_id: number; border_pic: string }[]).map((p) => [p.product_id, p.border_pic]));
}

test('the frame API answers 401 with a Bearer challenge without the operator token', async ({ request }) => {
  const body = { name: '无令牌', pic: '/media/x.webp', scope: 0, start_time: mallTime(Date.now()), end_time: mallTime(Date.now() + DAY) };
  const res = await request.post('/api/operator/frame/create', { data: body });
  await refusal(res, 401);
  expect(res.headers()['www-authenticate']).toBe('Bearer realm="operator"');
  await refusal(await request.get('/api/operator/frame/lst'), 401);
});

test('an uploaded frame picture is stored as WebP and keeps its transparency', async ({ request }) => {
  const path = await uploadFrame(request, '#d4161d');
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  const bytes = await res.body();
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 200, height: 200, hasAlpha: true });
  // The border is opaque red, the centre fully transparent.
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  expect(pixel(100, 100)[3]).toBeLessThan(8);
  expect(pixel(5, 5)[3]).toBeGreaterThan(247);
  expect(pixel(5, 5)[0]).toBeGreaterThan(180);
});

test('a frame naming an unknown product, ending before it starts or with a picture from elsewhere is refused, and none is added', async ({
  request,
}) => {
  const pic = await uploadFrame(request, '#2a7');
  const before = await frameCount(request);
  const body = {
    name: '拒绝测试',
    pic,
    scope: 3,
    scope_ids: [999_999],
    start_time: mallTime(Date.now()),
    end_time: mallTime(Date.now() + DAY),
  };
  const create = (data: Record<string, unknown>) => request.post('/api/operator/frame/create', { headers: operator, data });
  expect((await refusal(await create(body))).message).toBe('商品 999999 不存在');
  const { data: products } = await okBody(await request.get(`/api/product/spu/merchant/${SHOP}?limit=1`));
  const valid = { ...body, scope_ids: [products.list[0].product_id] };
  expect((await refusal(await create({ ...valid, end_time: mallTime(Date.now() - HOUR) }))).message).toBe('结束时间须晚于开始时间');
  expect((await refusal(await create({ ...valid, pic: 'https://example.com/frame.png' }))).message).toBe(
    '边框图片须是本站上传的图片（/media/…）',
  );
  expect(await frameCount(request)).toBe(before);
});

test("a running frame lies over one product's card picture, a later one waits for its start, and switching off or deleting takes it away at once", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const made = cleanup(request);
  try {
    // The shop's product page as a visitor sees it (and the page cache keeps it): no frames on it yet.
    const shopPage = `/store/category?id=${SHOP}`;
    await page.goto(shopPage);
    const cells = page.locator('[data-product-grid] > li');
    await expect(cells.nth(1)).toBeVisible();
    await expect(page.locator('.card__frame')).toHaveCount(0);
    const productId = Number(await cells.nth(1).getAttribute('data-product-id'));
    expect(productId).toBeGreaterThan(0);

    const pic = await uploadFrame(request, '#d4161d');
    const at = Date.now();
    const first = {
      name: '玩具节边框',
      pic,
      scope: 3,
      scope_ids: [productId],
      start_time: mallTime(at - HOUR),
      end_time: mallTime(at + DAY),
      status: 1,
      sort: 10,
    };
    const { data: created } = await okBody(await request.post('/api/operator/frame/create', { headers: operator, data: first }));
    made.add(created.frame_id);
    expect(created).toMatchObject({ ...first, state: 1, state_text: '进行中' });

    // The product list API carries it on that product only.
    const cards = await shopFrames(request);
    expect(cards.get(productId)).toBe(pic);
    for (const [id, border] of cards) if (id !== productId) expect(border, `product ${id}`).toBe('');

    // The page shows it exactly over the card picture, loaded, and on no other card.
    await page.goto(shopPage);
    const cell = page.locator(`[data-product-grid] > li[data-product-id="${productId}"]`);
    const frame = cell.locator('.card__frame');
    await expect(frame).toHaveAttribute('src', pic);
    await expect(page.locator('.card__frame')).toHaveCount(1);
    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const [box, under] = [await frame.boundingBox(), await cell.locator('.card__img').boundingBox()];
    expect(box && under).toBeTruthy();
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box![k] - under![k]), k).toBeLessThanOrEqual(1);
    expect(under!.width).toBeGreaterThan(100);

    // A frame of higher priority that starts tomorrow is not shown yet: the first one still is.
    const laterPic = await uploadFrame(request, '#1b5fc1');
    const later = { ...first, name: '明日边框', pic: laterPic, start_time: mallTime(at + DAY), end_time: mallTime(at + 2 * DAY), sort: 20 };
    const { data: waiting } = await okBody(await request.post('/api/operator/frame/create', { headers: operator, data: later }));
    made.add(waiting.frame_id);
    expect(waiting).toMatchObject({ state: 0, state_text: '未开始' });
    const { data: notStarted } = await okBody(await request.get('/api/operator/frame/lst?state=0&limit=100', { headers: operator }));
    const listed = new Map((notStarted.list as { frame_id: number }[]).map((f) => [f.frame_id, f]));
    expect(listed.get(waiting.frame_id)).toMatchObject({ name: '明日边框', sort: 20, state: 0, state_text: '未开始' });
    expect(listed.has(created.frame_id)).toBe(false);
    expect((await shopFrames(request)).get(productId)).toBe(pic);
    await page.goto(shopPage);
    await expect(frame).toHaveAttribute('src', pic);
    await expect(page.locator('.card__frame')).toHaveCount(1);

    // Switched off: the next view of the page (cached a moment ago) has no frame.
    const cached = await request.get(shopPage);
    expect(await cached.text()).toContain(pic);
    const { data: off } = await okBody(
      await request.post(`/api/operator/frame/update/${created.frame_id}`, { headers: operator, data: { ...first, status: 0 } }),
    );
    expect(off).toMatchObject({ status: 0, state: -2, state_text: '已关闭' });
    const html = await (await request.get(shopPage)).text();
    expect(html).toContain(`data-product-id="${productId}"`);
    expect(html).not.toContain('card__frame');
    await page.goto(shopPage);
    await expect(cell.locator('.card__img')).toBeVisible();
    await expect(page.locator('.card__frame')).toHaveCount(0);
    expect((await shopFrames(request)).get(productId)).toBe('');

    // Deleted: gone from the operator API too.
    for (const id of [created.frame_id, waiting.frame_id]) {
      expect((await okBody(await request.post(`/api/operator/frame/delete/${id}`, { headers: operator }))).data).toEqual({ frame_id: id });
      expect((await refusal(await request.get(`/api/operator/frame/detail/${id}`, { headers: operator }), 404)).message).toBe(
        '活动边框不存在',
      );
    }
  } finally {
    await made.run();
  }
});

test('flash-sale and presale cards wear the frame of their product, on their list pages and the home page strip', async ({
  page,
  request,
}) => {
  const made = cleanup(request);
  try {
    const { data: presales } = await okBody(await request.get('/api/store/product/presell/lst?type=1&limit=16'));
    const { data: sales } = await okBody(await request.get('/api/store/product/seckill/lst?limit=16'));
    const presale = presales.list[0] as { product_presell_id: number; product_id: number };
    const sale = sales.list[0] as { product_id: number };
    expect(presale && sale).toBeTruthy();
    const pic = await uploadFrame(request, '#c08a00');
    const at = Date.now();
    const { data: created } = await okBody(
      await request.post('/api/operator/frame/create', {
        headers: operator,
        data: {
          name: '活动卡片边框',
          pic,
          scope: 3,
          scope_ids: [presale.product_id, sale.product_id],
          start_time: mallTime(at - HOUR),
          end_time: mallTime(at + DAY),
          sort: 30,
        },
      }),
    );
    made.add(created.frame_id);
    const { data: framed } = await okBody(await request.get('/api/store/product/presell/lst?type=1&limit=16'));
    expect(framed.list.find((p: { product_presell_id: number }) => p.product_presell_id === presale.product_presell_id).border_pic).toBe(
      pic,
    );

    await page.goto('/goods_presell?type=1');
    const presaleCard = page.locator(`.presell-card:has(a[href$="/goods_presell_detail/${presale.product_presell_id}"])`);
    const frame = presaleCard.locator('.card__frame');
    await expect(frame).toHaveAttribute('src', pic);
    await frame.scrollIntoViewIfNeeded();
    const [box, under] = [await frame.boundingBox(), await presaleCard.locator('.card__img').boundingBox()];
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box![k] - under![k]), k).toBeLessThanOrEqual(1);

    await page.screenshot({ path: '/tmp/frames-presell.png' });
    await page.goto('/goods_seckill');
    await expect(page.locator(`.seckill-card:has(a[href*="/goods_seckill_detail/${sale.product_id}"]) .card__frame`)).toHaveAttribute(
      'src',
      pic,
    );
    await page.goto('/');
    const strip = page.locator(`.seckill-mini[href*="/goods_seckill_detail/${sale.product_id}"]`);
    await expect(strip.locator('.card__frame')).toHaveAttribute('src', pic);
    await strip.scrollIntoViewIfNeeded();
    const [mini, miniPic] = [await strip.locator('.card__frame').boundingBox(), await strip.locator('img').first().boundingBox()];
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(mini![k] - miniPic![k]), k).toBeLessThanOrEqual(1);
    await page.screenshot({ path: '/tmp/frames-seckill-strip.png' });
  } finally {
    await made.run();
  }
});

test('the operator CLI uploads a picture, adds a frame from a file, lists, refuses and deletes it', async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const made = cleanup(request);
  const png = `/tmp/frame-cli-${process.pid}.png`;
  const file = `/tmp/frame-cli-${process.pid}.json`;
  const run = (...args: string[]) =>
    promisify(execFile)('npx', ['tsx', 'scripts/operator.ts', '--token', OPERATOR_TOKEN, ...args], {
      env: { ...process.env, MALL_URL: baseURL! },
    });
  try {
    writeFileSync(png, await framePng('#f80'));
    const uploaded = (await run('upload', png)).stdout.trim().split('\n');
    expect(uploaded[0]).toContain('上传成功：200×200');
    const pic = uploaded.at(-1)!;
    expect(pic).toMatch(/^\/media\/[a-z0-9-]+\.webp$/);

    // A frame that starts tomorrow on a product of the shop: no card shows it during the test.
    const { data: products } = await okBody(await request.get(`/api/product/spu/merchant/${SHOP}?limit=3`));
    const productId = products.list[2].product_id as number;
    const at = Date.now();
    const body = {
      name: '命令行边框',
      pic,
      scope: 3,
      scope_ids: [productId],
      start_time: mallTime(at + DAY),
      end_time: mallTime(at + 2 * DAY),
      sort: 7,
    };
    writeFileSync(file, JSON.stringify(body));
    const added = (await run('frame-add', file)).stdout;
    const id = Number(/^#(\d+) {2}命令行边框/m.exec(added)?.[1]);
    expect(id).toBeGreaterThan(0);
    made.add(id);
    expect(added).toContain('添加成功');
    expect(added).toContain(`#${id}  命令行边框  [未开始]  商品 ${productId}  排序 7`);
    expect(added).toContain(`${body.start_time} → ${body.end_time}  ${baseURL}${pic}`);

    const listed = (await run('frames', '0', '--limit', '100')).stdout;
    expect(listed).toMatch(/^\d+ frame\(s\)/);
    expect(listed).toContain(`#${id}  命令行边框  [未开始]  商品 ${productId}  排序 7`);
    expect((await run('frame', String(id))).stdout).toContain(`${baseURL}${pic}`);

    // A refusal is the API's message on standard error, with exit code 1.
    writeFileSync(file, JSON.stringify({ ...body, end_time: body.start_time }));
    const refused = await run('frame-edit', String(id), file).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('error: 结束时间须晚于开始时间 (HTTP 400)') });

    expect((await run('frame-delete', String(id))).stdout).toContain(`删除成功：#${id}`);
    await refusal(await request.get(`/api/operator/frame/detail/${id}`, { headers: operator }), 404);
    const gone = await run('frame-delete', String(id)).catch((e: { code: number; stderr: string }) => e);
    expect(gone).toMatchObject({ code: 1, stderr: expect.stringContaining('活动边框不存在') });
  } finally {
    await made.run();
    rmSync(png, { force: true });
    rmSync(file, { force: true });
  }
});
