// /user/address_list and the address API: a freshly registered shopper manages addresses through the 4-level
// region picker and the overseas form; the region list is public and cacheable; another shopper's address is a
// 404. The demo accounts' addresses are only read.
import type { Page } from '@playwright/test';
import { test, expect, sessionToken } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.describe('address page', () => {
  test('a shopper adds an address through the region picker, edits it, adds another, moves the default and deletes one', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await freshShopper(request, context, baseURL);
    await page.goto('/user/address_list');
    await expect(page.getByRole('link', { name: '地址管理' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('您还没有收货地址')).toBeVisible();

    // The first address, mainland: province, city, district and street, each level loaded when the one above is chosen.
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const add = page.getByRole('dialog', { name: '新增收货地址' });
    await expect(add.getByRole('button', { name: /国家\/地区：中国大陆/ })).toBeVisible();
    await add.getByLabel('省份').selectOption({ label: '广东省' });
    await add.getByLabel('城市').selectOption({ label: '深圳市' });
    await add.getByLabel('区/县').selectOption({ label: '南山区' });
    await add.getByLabel('详细地址').fill('科技园南区 8 栋 1201');
    await add.getByLabel('收货人').fill('林小满');
    await add.getByLabel('手机号码').fill('13912345678');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add.getByRole('alert')).toHaveText('请选择完整的所在地区（省/市/区县/街道）');
    // Clearing the name meanwhile: the area's message goes once the street is chosen, the name's shows instead.
    await add.getByLabel('收货人').fill('');
    await add.getByLabel('街道/乡镇').selectOption({ label: '粤海街道' });
    await expect(add.getByRole('alert')).toHaveText('请填写收货人姓名');
    await add.getByLabel('收货人').fill('林小满');
    await expect(add.getByRole('alert')).toHaveCount(0);
    await add.getByRole('button', { name: '保存' }).click();

    const first = card(page, '林小满');
    await expect(first).toContainText('广东省 深圳市 南山区 粤海街道');
    await expect(first).toContainText('科技园南区 8 栋 1201');
    await expect(first).toContainText('13912345678');
    await expect(first.getByText('默认', { exact: true })).toBeVisible();
    await expect(first.getByRole('button', { name: '设为默认' })).toHaveCount(0);

    // Edit: the dialog opens on the saved path; another street and a new name.
    await first.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑收货地址' });
    await expect(edit.getByLabel('街道/乡镇')).toHaveValue('440305007');
    await expect(edit.getByLabel('收货人')).toHaveValue('林小满');
    await edit.getByLabel('街道/乡镇').selectOption({ label: '南头街道' });
    await edit.getByLabel('收货人').fill('林大满');
    await edit.getByRole('button', { name: '保存' }).click();
    const edited = card(page, '林大满');
    await expect(edited).toContainText('广东省 深圳市 南山区 南头街道');
    await expect(card(page, '林小满')).toHaveCount(0);

    // A second address, in the United States: the overseas form after switching the country.
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const second = page.getByRole('dialog', { name: '新增收货地址' });
    await second.getByRole('button', { name: /国家\/地区/ }).click();
    await second.getByLabel('搜索国家/地区').fill('美国');
    await second.getByRole('button', { name: '美国', exact: true }).click();
    await expect(second.getByLabel('省份')).toHaveCount(0);
    await second.getByLabel('省/州/地区').fill('NY');
    await second.getByLabel('城市').fill('New York');
    await second.getByLabel('邮政编码').fill('10001');
    await second.getByLabel('详细地址').fill('20 W 34th St, Apt 5');
    await second.getByLabel('收货人').fill('Mia Chen');
    await second.getByLabel('手机号码').fill('13912345678');
    await second.getByRole('button', { name: '保存' }).click();
    await expect(second.getByRole('alert')).toHaveText('请输入正确的手机号码');
    await second.getByLabel('手机号码').fill('212 555 0180');
    await expect(second.getByRole('alert')).toHaveCount(0);
    await second.getByRole('button', { name: '保存' }).click();

    const us = card(page, 'Mia Chen');
    await expect(us).toContainText('New York, NY 10001, 美国');
    await expect(us).toContainText('+1 212 555 0180');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article').first()).toContainText('林大满'); // the default first

    // Make the second one the default: only it has the badge, and it comes first.
    await us.getByRole('button', { name: '设为默认' }).click();
    await expect(page.getByRole('article').first()).toContainText('Mia Chen');
    await expect(card(page, 'Mia Chen').getByText('默认', { exact: true })).toBeVisible();
    await expect(card(page, '林大满').getByText('默认', { exact: true })).toHaveCount(0);

    // Delete the default after confirming: the other one becomes the default.
    await card(page, 'Mia Chen').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除收货地址' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(2);
    await card(page, 'Mia Chen').getByRole('button', { name: '删除' }).click();
    await confirm.getByRole('button', { name: '确定删除' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, '林大满').getByText('默认', { exact: true })).toBeVisible();
    await expect(page.getByText('已保存 1 个收货地址')).toBeVisible();
  });
});

test.describe('address API', () => {
  test('the region list is public and cacheable; an unknown region has no children', async ({ request }) => {
    const provinces = await request.get('/api/v2/system/city/lst/0');
    expect(provinces.headers()['cache-control']).toBe('public, max-age=86400');
    const list = (await okBody(provinces)).data;
    expect(list).toHaveLength(31);
    expect(list[0]).toEqual({ id: 11, name: '北京市', parent_id: 0, level: 1, snum: 1 });
    const districts = (await okBody(await request.get('/api/v2/system/city/lst/4403'))).data;
    expect(districts.find((d: { name: string }) => d.name === '南山区')).toMatchObject({ id: 440305, parent_id: 4403, level: 3 });
    expect((await okBody(await request.get('/api/v2/system/city/lst/123456789'))).data).toEqual([]);
    expect((await refusal(await request.get('/api/v2/system/city/lst/abc'))).message).toBe('地区编号不正确');
  });

  test("another shopper's address is a 404 for every call, and stays as it was", async ({ request }) => {
    expect((await refusal(await request.get('/api/user/address/lst'))).message).toBe('请登录');
    const member = { 'X-Token': sessionToken('member') };
    const before = (await okBody(await request.get('/api/user/address/lst', { headers: member }))).data;
    expect(before.count).toBeGreaterThan(0);
    const theirs = before.list[0];

    const token = await freshShopper(request);
    const me = { 'X-Token': token };
    expect((await refusal(await request.get(`/api/user/address/detail/${theirs.address_id}`, { headers: me }), 404)).message).toBe(
      '地址不存在',
    );
    await refusal(await request.post(`/api/user/address/update/${theirs.address_id}`, { headers: me }), 404);
    await refusal(await request.post(`/api/user/address/delete/${theirs.address_id}`, { headers: me }), 404);
    const edit = { ...theirs, address_id: theirs.address_id, real_name: '不是我的' };
    await refusal(await request.post('/api/user/address/create', { headers: me, data: edit }), 404);
    expect((await okBody(await request.get('/api/user/address/lst', { headers: me }))).data).toEqual({ count: 0, list: [] });
    expect((await okBody(await request.get('/api/user/address/lst', { headers: member }))).data).toEqual(before);
  });
});
