// Merchant settle-in in the browser (#14): a fresh shopper applies with two licence pictures (SMS code from the local
// provider's outbox), sees the application pending, the operator approves it over HTTP, the shopper sees it approved
// and takes the shop's merchant-API token once, the token works on the merchant API, and the new shop is on the shop
// street (a visitor's cached page is refreshed). With SHOTS_DIR set, the pages are also saved as screenshots.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { test, expect, scriptErrors } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';
import { OPERATOR_TOKEN } from './operator.ts';
import { latestCode, uniquePhone } from './sms.ts';
import { photo } from '../helpers/images.ts';

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test.describe('merchant settle-in', () => {
  test('applies with two licence pictures, is approved by the operator, takes the token once and finds the shop on the street', async ({
    page,
    context,
    request,
    baseURL,
    browser,
  }) => {
    test.setTimeout(60000);
    const token = await freshShopper(request, context, baseURL);
    const phone = uniquePhone();
    const merName = `测试入驻店${Date.now() % 1_000_000}`;
    const categoryId = 2;

    // A visitor looks at the street page of that category before the shop exists (the page cache keeps it).
    const visitor = await browser.newContext();
    const street = await visitor.newPage();
    const lastPage = async () => {
      const { data } = await okBody(await request.get(`/api/store/merchant/lst?category_id=${categoryId}&limit=10`));
      return Math.max(1, Math.ceil(data.count / 10));
    };
    const before = await lastPage();
    await street.goto(`/shop_street?category_id=${categoryId}&page=${before}`);
    await expect(street.getByRole('link', { name: merName })).toHaveCount(0);

    // The header's 商家入驻 link reaches the form.
    await page.goto('/');
    await page.getByRole('link', { name: '商家入驻' }).click();
    await expect(page).toHaveURL(/\/merchant_settled$/);
    await expect(page.getByRole('heading', { name: '商户入驻申请' })).toBeVisible();

    // Typed before the island hydrated: kept.
    const form = page.locator('[data-intention-form]');
    await form.getByLabel('商户名称').fill(merName);
    await expect(page.locator('[data-intention-form][data-ready]')).toBeVisible();
    await expect(form.getByLabel('商户名称')).toHaveValue(merName);

    await form.getByLabel('联系人').fill('王经理');
    await form.getByLabel('联系电话').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByRole('textbox', { name: '验证码', exact: true }).fill(await latestCode(phone, { type: 'intention' }));
    await form.getByRole('combobox', { name: '商户分类' }).selectOption(String(categoryId));
    // The mall's own type (自营) is not offered; the others are.
    await expect(form.getByRole('combobox', { name: '店铺类型' }).getByRole('option', { name: '自营' })).toHaveCount(0);
    await form.getByRole('combobox', { name: '店铺类型' }).selectOption({ label: '专营店' });

    // The "?" explains the shop types.
    await form.getByRole('button', { name: '店铺类型说明' }).click();
    const help = page.getByRole('dialog', { name: '店铺类型说明' });
    await expect(help.getByRole('heading', { name: '旗舰店' })).toBeVisible();
    await help.getByRole('button', { name: '关闭' }).click();
    await expect(help).toBeHidden();

    await form.locator('[data-picture-input]').setInputFiles([
      { name: 'licence.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg') },
      { name: 'brand.png', mimeType: 'image/png', buffer: await photo('png', { colour: '#2a7' }) },
    ]);
    await expect(form.locator('.picture-list__item[data-uploaded]')).toHaveCount(2);
    await expect(form.getByText('商户入驻协议', { exact: false }).first()).toBeVisible();

    // Without the agreement ticked nothing is sent.
    await form.getByRole('button', { name: '提交申请' }).click();
    await expect(form.getByRole('alert')).toHaveText('请阅读并同意入驻协议');
    await form.getByLabel('我已阅读并同意《商户入驻协议》').check();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await shot(page, 'merchant-settled-form');
    await form.getByRole('button', { name: '提交申请' }).click();

    await expect(page).toHaveURL(/\/user\/settle_record/);
    const card = page.locator('[data-intention]', { hasText: merName });
    await expect(card.locator('[data-status-text]')).toHaveText('审核中');
    await expect(card.getByRole('link', { name: '编辑' })).toBeVisible();
    await shot(page, 'settle-record-pending');

    // The operator finds and approves it.
    const { data: pending } = await okBody(
      await request.get('/api/operator/intention?status=0&limit=100', { headers: bearer(OPERATOR_TOKEN) }),
    );
    const mine = pending.list.find((x: { mer_name: string }) => x.mer_name === merName);
    expect(mine).toMatchObject({ phone, status: 0, images: [expect.stringMatching(/^\/media\//), expect.stringMatching(/^\/media\//)] });
    const { data: approved } = await okBody(
      await request.post(`/api/operator/intention/${mine.mer_intention_id}/approve`, { headers: bearer(OPERATOR_TOKEN) }),
    );
    expect(approved.mer_id).toBeGreaterThan(0);
    await refusal(await request.post(`/api/operator/intention/${mine.mer_intention_id}/approve`, { headers: bearer(OPERATOR_TOKEN) }));

    await page.reload();
    await expect(card.locator('[data-status-text]')).toHaveText('已通过');
    await card.getByText('查看', { exact: true }).click();
    await expect(card.locator('[data-login-url]')).toHaveText(`${baseURL}/api/merchant`);
    await expect(card.locator('[data-login-phone]')).toHaveText(phone);
    await card.getByRole('button', { name: /领取商户接口令牌/ }).click();
    const shown = card.locator('[data-token]');
    await expect(shown).toHaveText(/^mf_mer_/);
    const merchantToken = (await shown.textContent())!;
    await shot(page, 'settle-record-token');

    // Once only: the API refuses a second take, and the page no longer offers it.
    const again = await refusal(await request.post(`/api/intention/token/${mine.mer_intention_id}`, { headers: bearer(token) }));
    expect(again.message).toContain('联系平台运营');
    await page.reload();
    await card.getByText('查看', { exact: true }).click();
    await expect(card.locator('[data-token-refused]')).toContainText('联系平台运营');
    await expect(card.getByRole('button', { name: /领取商户接口令牌/ })).toHaveCount(0);

    // The token is the new shop's key to the merchant API.
    const orders = await okBody(await request.get('/api/merchant/order/lst', { headers: bearer(merchantToken) }));
    expect(orders.data).toMatchObject({ count: 0, list: [] });

    // The visitor's street page shows the new shop now.
    await street.goto(`/shop_street?category_id=${categoryId}&page=${await lastPage()}`);
    await expect(street.getByRole('link', { name: merName }).first()).toBeVisible();

    // The operator closes the new shop: it leaves the street, its page says so; its token still serves its orders.
    const op = bearer(OPERATOR_TOKEN);
    const closed = await okBody(
      await request.post(`/api/operator/merchant/${approved.mer_id}/status`, { headers: op, data: { status: 0 } }),
    );
    expect(closed).toMatchObject({ message: '店铺已关闭，商品已从商城下架', data: { mer_id: approved.mer_id, status: 0 } });
    const listed = await okBody(await request.get(`/api/operator/merchant?keyword=${encodeURIComponent(merName)}`, { headers: op }));
    expect(listed.data.list).toEqual([expect.objectContaining({ mer_id: approved.mer_id, status: 0, token_count: 1, product_count: 0 })]);
    const shopPage = await street.goto(`/store?id=${approved.mer_id}`);
    expect(shopPage?.status()).toBe(404);
    await expect(street.getByRole('heading', { level: 1 })).toHaveText('店铺不存在或已关闭');
    await street.goto(`/shop_street?category_id=${categoryId}&page=${await lastPage()}`);
    await expect(street.getByRole('link', { name: merName })).toHaveCount(0);
    await okBody(await request.get('/api/merchant/order/lst', { headers: bearer(merchantToken) }));
    await refusal(await request.post(`/api/operator/merchant/${approved.mer_id}/status`, { headers: op, data: { status: 'x' } }));
    await refusal(await request.post(`/api/operator/merchant/${approved.mer_id}/status`, { data: { status: 1 } }), 401);
    await okBody(await request.post(`/api/operator/merchant/${approved.mer_id}/status`, { headers: op, data: { status: 1 } }));
    expect((await street.goto(`/store?id=${approved.mer_id}`))?.status()).toBe(200);

    // A token gone astray is revoked while the mall runs: its next call is refused.
    const tokens = (await okBody(await request.get(`/api/operator/merchant/${approved.mer_id}/token`, { headers: op }))).data;
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(tokens)).not.toContain(merchantToken);
    await okBody(await request.post(`/api/operator/merchant/${approved.mer_id}/token/${tokens[0].token_id}/revoke`, { headers: op }));
    await refusal(await request.get('/api/merchant/order/lst', { headers: bearer(merchantToken) }), 401);
    await visitor.close();
  });

  test('a rejected application shows its reason and is resubmitted from the records page, prefilled, without a new code for the same phone', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    const phone = uniquePhone();
    const merName = `驳回重提店${Date.now() % 1_000_000}`;
    // Applied through the API with a picture uploaded by the shopper.
    const upload = await okBody(
      await request.post('/api/upload/image/file', {
        headers: bearer(token),
        multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: await photo('png') } },
      }),
    );
    await okBody(await request.post('/api/auth/verify', { headers: bearer(token), data: { phone_code: '86', phone, type: 'intention' } }));
    const { data: created } = await okBody(
      await request.post('/api/intention/create', {
        headers: bearer(token),
        data: {
          phone,
          mer_name: merName,
          name: '赵六',
          code: await latestCode(phone, { type: 'intention' }),
          merchant_category_id: 1,
          mer_type_id: 3,
          images: [upload.data.path],
        },
      }),
    );
    await okBody(
      await request.post(`/api/operator/intention/${created.mer_intention_id}/reject`, {
        headers: bearer(OPERATOR_TOKEN),
        data: { fail_msg: '营业执照照片不清晰，请重新上传' },
      }),
    );

    await page.goto('/user/settle_record');
    const card = page.locator('[data-intention]', { hasText: merName });
    await expect(card.locator('[data-status-text]')).toHaveText('未通过');
    await expect(card.locator('[data-fail-msg]')).toHaveText('未通过原因：营业执照照片不清晰，请重新上传');
    await shot(page, 'settle-record-rejected');
    await card.getByRole('link', { name: '重新提交' }).click();

    await expect(page).toHaveURL(new RegExp(`/merchant_settled\\?intention_id=${created.mer_intention_id}$`));
    await expect(page.locator('[data-fail-msg]')).toContainText('营业执照照片不清晰');
    const form = page.locator('[data-intention-form]');
    await expect(form.getByLabel('商户名称')).toHaveValue(merName);
    await expect(form.getByLabel('联系电话')).toHaveValue(phone);
    await expect(form.locator('.picture-list__item')).toHaveCount(1);
    await form.getByLabel('联系人').fill('赵六六');
    await expect(page.locator('[data-intention-form][data-ready]')).toBeVisible();
    await form.locator('[data-picture-input]').setInputFiles({ name: 'clear.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg') });
    await expect(form.locator('.picture-list__item[data-uploaded]')).toHaveCount(2);
    await form.getByLabel('我已阅读并同意《商户入驻协议》').check();
    await shot(page, 'merchant-settled-resubmit');
    await form.getByRole('button', { name: '重新提交' }).click();

    await expect(page).toHaveURL(/\/user\/settle_record/);
    await expect(card.locator('[data-status-text]')).toHaveText('审核中');
    await expect(card.locator('[data-fail-msg]')).toHaveCount(0);
    const { data: detail } = await okBody(
      await request.get(`/api/intention/detail/${created.mer_intention_id}`, { headers: bearer(token) }),
    );
    expect(detail).toMatchObject({ status: 0, fail_msg: '', name: '赵六六', phone });
    expect(detail.images).toHaveLength(2);
  });

  test("another shopper's application is a 404, and the form refuses what the server refuses", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const owner = await freshShopper(request);
    const { data: list } = await okBody(await request.get('/api/intention/lst', { headers: bearer(owner) }));
    expect(list).toEqual({ count: 0, list: [] });
    await freshShopper(request, context, baseURL);
    const res = await page.goto('/merchant_settled?intention_id=2147483647');
    expect(res?.status()).toBe(404);
    await refusal(await request.get('/api/intention/detail/2147483647', { headers: bearer(owner) }), 404);
    const bad = await refusal(
      await request.post('/api/intention/create', {
        headers: bearer(owner),
        data: { phone: '123', mer_name: 'x', name: '王', code: '1', merchant_category_id: 1, mer_type_id: 1, images: [] },
      }),
    );
    // The first field of the form that is wrong (商户名称 comes before the phone).
    expect(bad.message).toBe('商户名称须为2-40个字');

    // Visitors are sent to sign in first; the operator API needs the operator token and a reason to reject.
    for (const path of ['/merchant_settled', '/user/settle_record']) {
      const visit = await request.get(path, { maxRedirects: 0, headers: { cookie: '' } });
      expect(visit.status(), path).toBe(302);
      expect(visit.headers().location).toBe('/login');
    }
    await refusal(await request.get('/api/operator/intention', { headers: bearer(owner) }), 401);
    await refusal(await request.post('/api/operator/intention/1/approve'), 401);
    const noReason = await refusal(await request.post('/api/operator/intention/1/reject', { headers: bearer(OPERATOR_TOKEN), data: {} }));
    expect(noReason.message).toBe('请填写驳回原因');
  });

  test('npm run operator lists a pending application, rejects one, approves another and issues its shop a token, over HTTP with the operator token', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await freshShopper(request);
    const phones: Record<string, string> = {};
    const apply = async (merName: string) => {
      const phone = uniquePhone();
      phones[merName] = phone;
      await okBody(
        await request.post('/api/auth/verify', { headers: bearer(token), data: { phone_code: '86', phone, type: 'intention' } }),
      );
      const upload = await okBody(
        await request.post('/api/upload/image/file', {
          headers: bearer(token),
          multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: await photo('png') } },
        }),
      );
      const { data } = await okBody(
        await request.post('/api/intention/create', {
          headers: bearer(token),
          data: {
            phone,
            mer_name: merName,
            name: '钱七',
            code: await latestCode(phone, { type: 'intention' }),
            merchant_category_id: 1,
            mer_type_id: 2,
            images: [upload.data.path],
          },
        }),
      );
      return data.mer_intention_id as number;
    };
    const stamp = Date.now() % 1_000_000;
    const first = await apply(`命令行驳回店${stamp}`);
    const second = await apply(`命令行通过店${stamp}`);
    const run = (args: string[], operatorToken = OPERATOR_TOKEN) =>
      promisify(execFile)('npm', ['run', '--silent', 'operator', '--', ...args], {
        env: { ...process.env, MALL_URL: baseURL!, OPERATOR_TOKEN: operatorToken },
      });

    const pending = (await run(['list', '0', '--limit', '100'])).stdout;
    expect(pending).toContain(`#${first}  命令行驳回店${stamp}  [审核中]`);
    expect(pending).toContain(`#${second}  命令行通过店${stamp}  [审核中]`);
    const rejected = (await run(['reject', String(first), '执照已过期'])).stdout;
    expect(rejected).toContain('驳回原因：执照已过期');
    const approved = (await run(['approve', String(second)])).stdout;
    expect(approved).toMatch(/店铺 #\d+ {2}接口令牌：未领取/);
    const again = await run(['approve', String(second)]).catch((e: { code: number; stderr: string }) => e);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('error: ') });
    const wrong = await run(['list'], 'not-the-operator-token').catch((e: { code: number; stderr: string }) => e);
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining('(HTTP 401)') });

    const { data: mine } = await okBody(await request.get('/api/intention/lst', { headers: bearer(token) }));
    const byId = Object.fromEntries(mine.list.map((x: { mer_intention_id: number; status: number }) => [x.mer_intention_id, x.status]));
    expect(byId).toEqual({ [first]: 2, [second]: 1 });

    // The approved shop gets a fresh merchant-API token from the operator (the applicant's own is taken once).
    const merId = mine.list.find((x: { mer_intention_id: number }) => x.mer_intention_id === second).mer_id;
    const issued = (await run(['token', String(merId), '备用系统'])).stdout.trim().split('\n');
    expect(issued[0]).toContain(`店铺 #${merId} 命令行通过店${stamp}`);
    const merchantToken = issued.at(-1)!;
    expect(merchantToken).toMatch(/^mf_mer_/);
    await okBody(await request.get('/api/merchant/order/lst', { headers: bearer(merchantToken) }));

    // The operator finds the shop, closes and reopens it, and revokes the token from the command line.
    // Its order and refund SMS go to the applicant's phone until the shop names another.
    expect((await run(['shops', `命令行通过店${stamp}`])).stdout).toContain(
      `#${merId}  命令行通过店${stamp}  [营业中]  ${phones[`命令行通过店${stamp}`]}  提醒 ${phones[`命令行通过店${stamp}`]}`,
    );
    expect((await run(['shop-close', String(merId)])).stdout).toContain(`店铺已关闭，商品已从商城下架：#${merId}`);
    expect((await run(['shops', `命令行通过店${stamp}`])).stdout).toContain('[已关闭]');
    expect((await run(['shop-open', String(merId)])).stdout).toContain(`店铺已开启：#${merId}`);
    const tokenId = /#(\d+) {2}备用系统 {2}有效/.exec((await run(['tokens', String(merId)])).stdout)?.[1];
    expect(tokenId).toBeTruthy();
    expect((await run(['token-revoke', String(merId), tokenId!])).stdout).toContain('令牌已吊销');
    expect((await run(['tokens', String(merId)])).stdout).toMatch(new RegExp(`#${tokenId} {2}备用系统 {2}已吊销`));
    await refusal(await request.get('/api/merchant/order/lst', { headers: bearer(merchantToken) }), 401);
  });

  test('after ten codes an hour from one address the form asks for the image captcha, and the code is sent once it is answered', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await freshShopper(request, context, baseURL);
    // Codes from this test's address (its own X-Forwarded-For; registering sent one) until the limit of ten an hour
    // is reached: the next one needs the captcha.
    let sent = 0;
    for (;;) {
      const res = await request.post('/api/auth/verify', {
        headers: bearer(token),
        data: { phone_code: '86', phone: uniquePhone(), type: 'intention' },
      });
      if (res.status() !== 200) {
        expect((await res.json()).data).toEqual({ need_captcha: true });
        break;
      }
      expect(++sent).toBeLessThan(10);
    }
    const phone = uniquePhone();
    await page.goto('/merchant_settled');
    const form = page.locator('[data-intention-form]');
    await form.getByLabel('联系电话').fill(phone);
    await expect(page.locator('[data-intention-form][data-ready]')).toBeVisible();
    const captchaShown = page.waitForResponse((r) => r.url().endsWith('/api/captcha'));
    await form.getByRole('button', { name: '获取验证码' }).click();
    // Test mode gives the answer with the picture (tests/e2e/auth-api.spec.ts); the form shows the picture.
    const { data: captcha } = await (await captchaShown).json();
    await expect(form.getByRole('textbox', { name: '图形验证码' })).toBeVisible();
    await form.getByRole('textbox', { name: '图形验证码' }).fill(captcha.code);
    await form.getByRole('button', { name: '获取验证码' }).click();
    expect(await latestCode(phone, { type: 'intention' })).toMatch(/^\d{6}$/);
  });

  test("the form's ids are its island's own, as the server rendered them and the browser hydrates them", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await freshShopper(request, context, baseURL);
    const errors = scriptErrors(page);
    await page.goto('/merchant_settled');
    const island = page.locator('astro-island:has([data-intention-form])');
    const prefix = await island.getAttribute('prefix');
    expect(prefix).toBeTruthy();
    // React's useId ids are `_<prefix>R_…_`: the server rendered them with the prefix the browser hydrates with, so two
    // forms on one page never share an id.
    const ids = () => island.locator('[id]').evaluateAll((els) => els.map((e) => e.id));
    const rendered = await ids();
    expect(rendered.length).toBeGreaterThan(5);
    for (const id of rendered) expect(id.startsWith(`_${prefix}R_`), id).toBe(true);
    const form = page.locator('[data-intention-form]');
    await form.getByLabel('联系人').fill('王经理');
    await expect(page.locator('[data-intention-form][data-ready]')).toBeVisible();
    expect(await ids()).toEqual(rendered);
    await expect(form.getByLabel('联系人')).toHaveValue('王经理');
    const all = await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(all.length).toBe(new Set(all).size);
    expect(errors).toEqual([]);
  });
});
