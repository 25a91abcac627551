// Shipping over HTTP: a fresh shopper's order, paid through the sandbox gateway, is shipped by its merchant through the
// merchant API with the merchant's demo token (README lists them), and the shopper follows it in Chromium: the courier,
// the tracking number and the parcel's first step on /logistics, the receipt code of a rider delivery on
// /logistics_delivery. The merchant CLI (`npm run merchant`) moves an order the same way. Each test has its own shopper.
import { mkdirSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { demoToken, merchantCli } from './merchant-cli.ts';
import { envelope, freshShopper, okBody, refusal } from './accounts.ts';
import { bearer, paidOrder } from './orders.ts';
import type { APIRequestContext, BrowserContext } from '@playwright/test';

/** A fresh shopper signed in in `context`, with one paid order at shop `merId` (its store order's id). */
async function shopperWithOrder(request: APIRequestContext, context: BrowserContext, baseURL: string | undefined, merId: number) {
  const token = await freshShopper(request, context, baseURL);
  const { orderIds } = await paidOrder(request, token, [merId]);
  return { token, id: orderIds[0]! };
}

/** The demo merchant token of a demo shop, as README lists them. */
const SHOTS = '/tmp/shots-merchant';
mkdirSync(SHOTS, { recursive: true });

test.describe('shipping', () => {
  test('the merchant ships by express with its token; the shopper sees the courier, tracking number and first step on /logistics', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token, id } = await shopperWithOrder(request, context, baseURL, 1);
    const merchant = bearer(demoToken(1));

    const toShip = (await okBody(await request.get('/api/merchant/order/lst?status=0&limit=50', { headers: merchant }))).data;
    expect(toShip.list.find((o: { order_id: number }) => o.order_id === id)).toMatchObject({
      status: 0,
      status_text: '待发货',
      order_type: 0,
    });
    const shipped = await okBody(
      await request.post(`/api/merchant/order/delivery/${id}`, {
        headers: merchant,
        data: { delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF1401234567' },
      }),
    );
    expect(shipped.message).toBe('发货成功');
    expect(shipped.data).toMatchObject({
      order_id: id,
      status: 1,
      delivery_name: '顺丰速运',
      delivery_code: 'SF',
      delivery_id: 'SF1401234567',
    });

    const express = (await okBody(await request.post(`/api/order/express/${id}`, { headers: bearer(token) }))).data;
    expect(express.order).toMatchObject({ delivery_name: '顺丰速运', delivery_id: 'SF1401234567', status: 1 });
    expect(express.express[0].status).toContain('已揽收');

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/logistics?orderId=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('订单状态：待收货');
    await expect(page.locator('[data-courier]')).toHaveText('顺丰速运');
    await expect(page.locator('[data-tracking]')).toHaveText('SF1401234567');
    const steps = page.locator('[data-timeline] li');
    await expect(steps.first()).toContainText('顺丰速运');
    await expect(steps.first()).toContainText('已揽收');
    await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
    await page.getByRole('button', { name: '复制快递单号 SF1401234567' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已复制到剪贴板' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SF1401234567');
    await page.screenshot({ path: `${SHOTS}/logistics-1280.png`, fullPage: true });

    // Another shopper, and a visitor, see nothing of it.
    const other = await freshShopper(request);
    await refusal(await request.post(`/api/order/express/${id}`, { headers: bearer(other) }), 404);
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${baseURL}/logistics?orderId=${id}`);
    await expect(visitor).toHaveURL(/\/login/);
    await visitor.close();
  });

  test('a wrong tracking number corrected from the command line: the shopper’s tracking follows the new one', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { id } = await shopperWithOrder(request, context, baseURL, 1);
    const cli = merchantCli(baseURL!, demoToken(1));
    const refused = await cli('reship', String(id), '中通快递', 'ZT998877665').then(
      () => 'accepted',
      (e: { stderr?: string }) => String(e.stderr),
    );
    expect(refused).toContain('订单尚未发货，请直接发货');
    await cli('ship', String(id), '顺丰速运', 'SF1409999999');
    const out = await cli('reship', String(id), 'ZTO', 'ZT998877665');
    expect(out).toContain('物流信息已修改');
    expect(out).toContain('快递 中通快递 ZT998877665');
    await page.goto(`/logistics?orderId=${id}`);
    await expect(page.locator('[data-courier]')).toHaveText('中通快递');
    await expect(page.locator('[data-tracking]')).toHaveText('ZT998877665');
    await page.goto(`/order_detail?orderId=${id}`);
    await expect(page.getByText('修改物流信息，快递公司：中通快递，快递单号：ZT998877665')).toBeVisible();
  });

  test('a rider delivery shows its receipt code, the rider and the steps on /logistics_delivery', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token, id } = await shopperWithOrder(request, context, baseURL, 2);
    await okBody(
      await request.post(`/api/merchant/order/delivery/${id}`, {
        headers: bearer(demoToken(2)),
        data: { delivery_type: 2, delivery_name: '陈师傅', delivery_id: '13712345678' },
      }),
    );
    const delivery = (await okBody(await request.get(`/api/order/delivery/${id}`, { headers: bearer(token) }))).data;
    expect(delivery.finish_code).toMatch(/^\d{6}$/);
    expect(delivery).toMatchObject({ status: 1, storeOrder: { delivery_name: '陈师傅', delivery_id: '13712345678' } });
    // The merchant's own view never carries the code.
    const seen = await okBody(await request.get(`/api/merchant/order/detail/${id}`, { headers: bearer(demoToken(2)) }));
    expect(JSON.stringify(seen.data)).not.toContain(delivery.finish_code);

    await page.goto(`/logistics_delivery?orderId=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('配送员正在为您配送');
    await expect(page.locator('[data-finish-code]')).toHaveText(delivery.finish_code);
    await expect(page.getByText('请将收货码告知配送员')).toBeVisible();
    await expect(page.locator('[data-rider]')).toHaveText('陈师傅');
    await expect(page.locator('[data-rider-phone]')).toHaveAttribute('href', 'tel:13712345678');
    await expect(page.locator('[data-timeline] li').first()).toHaveText(/已发货，配送员：陈师傅，电话：13712345678/);
    await expect(page.getByText('余额支付').or(page.getByText('微信支付'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/logistics-delivery-1280.png`, fullPage: true });
    // An express page for a rider order does not exist.
    expect((await page.goto(`/logistics?orderId=${id}`))!.status()).toBe(404);
  });

  test('the merchant API wants a merchant token, keeps to its own orders and ships once', async ({ request }) => {
    const token = await freshShopper(request);
    const { orderIds } = await paidOrder(request, token, [1]);
    const id = orderIds[0]!;
    const missing = await request.get('/api/merchant/order/lst');
    expect(missing.headers()['www-authenticate']).toContain('Bearer');
    expect((await refusal(missing, 401)).message).toContain('缺少商户令牌');
    expect((await refusal(await request.get('/api/merchant/order/lst', { headers: bearer('mf_demo_mer_1_guess') }), 401)).message).toBe(
      '商户令牌无效或已撤销',
    );
    // A shopper's session is no merchant token, and a merchant token is no session.
    await refusal(await request.get('/api/merchant/order/lst', { headers: bearer(token) }), 401);
    const asShopper = await request.get('/api/user', { headers: bearer(demoToken(1)) });
    expect(asShopper.status()).toBe(401);
    expect((await envelope(asShopper)).status).toBe(40000);

    await refusal(await request.get(`/api/merchant/order/detail/${id}`, { headers: bearer(demoToken(2)) }), 404);
    await refusal(
      await request.post(`/api/merchant/order/delivery/${id}`, { headers: bearer(demoToken(2)), data: { delivery_type: 3 } }),
      404,
    );
    const unknown = await request.post(`/api/merchant/order/delivery/${id}`, {
      headers: bearer(demoToken(1)),
      data: { delivery_type: 1, delivery_name: '火星快递', delivery_id: 'HX123456' },
    });
    expect((await refusal(unknown)).message).toContain('快递公司不正确');
    const form = await request.post(`/api/merchant/order/delivery/${id}`, {
      headers: { ...bearer(demoToken(1)), 'content-type': 'application/x-www-form-urlencoded' },
      data: 'delivery_type=3',
    });
    expect(form.status()).toBe(415);

    const ship = () =>
      request.post(`/api/merchant/order/delivery/${id}`, {
        headers: bearer(demoToken(1)),
        data: { delivery_type: 1, delivery_name: 'JTSD', delivery_id: 'JT0001234567' },
      });
    const [a, b] = await Promise.all([ship(), ship()]);
    const bodies = await Promise.all([a.json(), b.json()]);
    expect(bodies.map((x) => x.status).sort()).toEqual([200, 400]);
    expect(bodies.find((x) => x.status === 400).message).toBe('订单已发货');
    const remark = await okBody(
      await request.post(`/api/merchant/order/remark/${id}`, { headers: bearer(demoToken(1)), data: { remark: '已电话确认地址' } }),
    );
    expect(remark.data).toEqual({ order_id: id, remark: '已电话确认地址' });
    const express = (await okBody(await request.get('/api/common/express'))).data;
    expect(express).toEqual(expect.arrayContaining([expect.objectContaining({ name: '极兔速递', code: 'JTSD' })]));
  });

  test('npm run merchant lists, ships, remarks and shows an order over HTTP', async ({ request, baseURL }) => {
    test.setTimeout(90_000);
    const token = await freshShopper(request);
    const { orderIds } = await paidOrder(request, token, [3]);
    const id = orderIds[0]!;
    const run = merchantCli(baseURL!, demoToken(3));
    expect(await run('orders', '0', '--limit', '50')).toContain(`#${id}  `);
    const shipped = await run('ship', String(id), '韵达快递', 'YD3300112233');
    expect(shipped).toContain('发货成功');
    expect(shipped).toContain('快递 韵达快递 YD3300112233');
    expect(await run('remark', String(id), '周末送达')).toContain(`备注成功：#${id} 周末送达`);
    const detail = await run('detail', String(id));
    expect(detail).toContain('[待收货]');
    expect(detail).toContain('商家备注：周末送达');
    expect(detail).toContain('已发货，快递公司：韵达快递，快递单号：YD3300112233');
    const refused = await run('ship', String(id), '--none').catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('error: 订单已发货 (HTTP 400)') });
  });
});
