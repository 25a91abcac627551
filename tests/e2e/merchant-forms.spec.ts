// A shop's custom order forms over HTTP and from the merchant CLI (`npm run merchant -- forms ...`), with the shop's
// demo token: what a merchant notices (the envelope, the Chinese refusals, scoping to its own shop). The shopper's
// side (the form at checkout, the answers on the order) is tests/e2e/order-form.spec.ts. Shop 19 is used by no
// other spec; the test takes its form off the product again.
import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { demoToken, merchantCli } from './merchant-cli.ts';
import { okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';

test('a merchant creates a form, puts it on a product, and the CLI shows and removes it', async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const mine = bearer(demoToken(19));
  const form = {
    name: '刻字定制',
    value: [
      { key: 'words', type: 'text', title: '刻字内容', required: true, placeholder: '最多10个字' },
      { key: 'font', type: 'select', title: '字体', required: true, options: ['楷体', '宋体'] },
    ],
  };
  expect((await refusal(await request.post('/api/merchant/form/create', { data: form }), 401)).message).toContain('商户令牌');
  const bad = await refusal(
    await request.post('/api/merchant/form/create', { headers: mine, data: { ...form, value: [form.value[1], form.value[1]] } }),
  );
  expect(bad.message).toBe('第2个字段的标识「font」重复');
  const created = (await okBody(await request.post('/api/merchant/form/create', { headers: mine, data: form }))).data;
  expect(created).toMatchObject({ mer_id: 19, name: '刻字定制', product_count: 0, value: form.value });
  const id = created.form_id as number;
  // Another shop sees a 404, as for a form that does not exist.
  expect((await refusal(await request.get(`/api/merchant/form/detail/${id}`, { headers: bearer(demoToken(18)) }), 404)).message).toBe(
    '表单不存在',
  );

  const products = (await okBody(await request.get('/api/product/spu/merchant/19?limit=5'))).data.list as { product_id: number }[];
  const productId = products[0]!.product_id;
  const run = merchantCli(baseURL!, demoToken(19));
  expect(await run('product-form', String(productId), String(id))).toContain(`商品 #${productId} 使用表单 #${id}`);
  const listed = await run('forms');
  expect(listed).toContain(`#${id}  刻字定制  1 个商品使用`);
  expect(listed).toContain('font  字体  [下拉选择] 必填：楷体 / 宋体');
  const file = `/tmp/merchant-form-${process.pid}.json`;
  writeFileSync(file, JSON.stringify({ name: '刻字定制', value: [form.value[0]] }));
  expect(await run('form-edit', String(id), file)).toContain('修改成功');
  expect((await okBody(await request.get(`/api/merchant/form/detail/${id}`, { headers: mine }))).data.value).toEqual([form.value[0]]);
  expect(await run('form-delete', String(id))).toContain(`删除成功：#${id}，1 个商品不再使用`);
  const after = (await okBody(await request.get('/api/merchant/form/lst', { headers: mine }))).data.list as { form_id: number }[];
  expect(after.some((f) => f.form_id === id)).toBe(false);
  await expect(run('form-delete', String(id))).rejects.toMatchObject({ stderr: expect.stringContaining('表单不存在') });
});
