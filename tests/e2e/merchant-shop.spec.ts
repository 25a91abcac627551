// A shop runs its own settings and categories from the merchant CLI (`npm run merchant -- shop ...`), over HTTP with its
// demo token, and its cached shop page shows each change at once. Shop 9 is used by no other spec; the test puts its
// settings back and deletes what it added.
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { okBody } from './accounts.ts';
import { bearer } from './orders.ts';

const TOKEN = 'mf_demo_mer_9_mallfront';

test('the merchant CLI changes the shop and its categories, and the shop page shows it at once', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const run = merchantCli(baseURL!, TOKEN);
  const before = (await okBody(await request.get('/api/merchant/store/info', { headers: bearer(TOKEN) }))).data;
  expect(await run('shop')).toContain(`客服电话：${before.service_phone || '-'}    [service_phone]`);

  // The shop page, kept by the page cache from here on.
  await page.goto('/store?id=9');
  await page.goto('/store?id=9');
  const cates = page.locator('.merchant-cates');
  await expect(cates.getByRole('link', { name: '冬季新品', exact: true })).toHaveCount(0);

  try {
    expect(await run('shop-set', 'service_phone', '0571-86661234')).toContain('客服电话：0571-86661234');
    expect(await run('shop-set', 'services_type', '1')).toContain('客服方式：1 仅电话客服');
    const added = await run('category-add', '冬季新品');
    const id = /#(\d+) {2}冬季新品/.exec(added)?.[1];
    expect(id, added).toBeTruthy();
    expect(await run('categories')).toContain(`#${id}  冬季新品  0 个商品`);

    await page.goto('/store?id=9');
    await expect(page.locator('.merchant-head').getByText('0571-86661234')).toBeVisible();
    await expect(page.locator('.merchant-head').getByRole('button', { name: '联系客服' })).toHaveCount(0);
    await expect(cates.getByRole('link', { name: '冬季新品', exact: true })).toBeVisible();

    // A refusal is one Chinese line and exit code 1; nothing changed.
    await expect(run('shop-set', 'take_phone', '12345')).rejects.toMatchObject({ stderr: expect.stringContaining('自提点电话格式不正确') });

    expect(await run('category-edit', id!, '冬季上新')).toContain(`#${id}  冬季上新`);
    expect(await run('category-delete', id!)).toContain(`删除成功：#${id}，0 个商品不再归入该分类`);
    await page.goto('/store?id=9');
    await expect(cates.getByRole('link', { name: '冬季上新', exact: true })).toHaveCount(0);
  } finally {
    await okBody(
      await request.post('/api/merchant/store/update', {
        headers: bearer(TOKEN),
        data: { service_phone: before.service_phone, services_type: before.services_type },
      }),
    );
  }
  await page.goto('/store?id=9');
  await expect(page.locator('.merchant-head').getByRole('button', { name: '联系客服' })).toHaveCount(before.services_type === 0 ? 1 : 0);
});
