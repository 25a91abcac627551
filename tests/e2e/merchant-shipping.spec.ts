// A shop's shipping templates from the merchant CLI (`npm run merchant -- template-add ...`), with shop 17's demo token
// (no other spec uses shop 17), and the 运费 line a visitor then reads on the page of a product using it. The product is
// put on sale for the test and taken off at the end, so other specs' lists do not meet it for longer than the test runs.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';

const SHOP = 17;
const token = `mf_demo_mer_${SHOP}_mallfront`;

test('a merchant adds a shipping template from the command line, puts it on a product, and its page shows the postage', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = merchantCli(baseURL!, token);

  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const template = {
    name: `同城快递${stamp}`,
    type: 1,
    free_price: '88',
    undelivered: [71, 81, 82],
    region: [
      { regions: [], first: 1, first_price: '7', continue: 1, continue_price: '2' },
      { regions: [65], first: 1, first_price: '18', continue: 1, continue_price: '6' },
    ],
  };
  const tplFile = `/tmp/merchant-template-${stamp}.json`;
  writeFileSync(tplFile, JSON.stringify(template));
  const added = await run('template-add', tplFile);
  expect(added).toContain('添加成功');
  const tempId = Number(/#(\d+)/.exec(added)![1]);
  expect(added).toContain(`#${tempId}  ${template.name}  [按件数]  满¥88.00包邮  0 个商品使用`);
  expect(added).toContain('默认（其他地区）：首1件 ¥7.00，每增加1件 ¥2.00');
  expect(added).toContain('新疆维吾尔自治区：首1件 ¥18.00，每增加1件 ¥6.00');

  // A product of the shop that names it.
  const pictureFile = `/tmp/merchant-template-${stamp}.png`;
  writeFileSync(
    pictureFile,
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer(),
  );
  const [path] = (await run('upload', pictureFile)).trim().split(/\s+/) as [string];
  const mine = { authorization: `Bearer ${token}` };
  const first = (await (await request.get('/api/merchant/product/lst?limit=1', { headers: mine })).json()).data.list[0];
  const cateId = (await (await request.get(`/api/merchant/product/detail/${first.product_id}`, { headers: mine })).json()).data.cate_id;
  const product = {
    store_name: `运费模板测试保温杯${stamp}`,
    cate_id: cateId,
    image: path,
    temp_id: tempId,
    status: 1,
    spec_type: 0,
    attrValue: [{ price: '29.90', stock: 10 }],
  };
  const productFile = `/tmp/merchant-template-product-${stamp}.json`;
  writeFileSync(productFile, JSON.stringify(product));
  const id = Number(/#(\d+)/.exec(await run('product-add', productFile))![1]);

  const line = page.locator('.info-row', { hasText: '运费' }).first();
  await page.goto(`/goods_detail/${id}`);
  await expect(line).toContainText('满88包邮');
  await expect(line).toContainText('首1件运费7元，每增加1件加2元');
  await expect(line).toContainText('偏远地区运费另计');
  await expect(line).toContainText('不配送：台湾、香港、澳门');

  // Edited from the command line: the visitor's (cached) page shows the new rules at once.
  writeFileSync(tplFile, JSON.stringify({ ...template, free_price: '0', region: [{ ...template.region[0], first_price: '9.5' }] }));
  const edited = await run('template-edit', String(tempId), tplFile);
  expect(edited).toContain('修改成功');
  expect(edited).toContain('1 个商品使用');
  await page.goto(`/goods_detail/${id}`);
  await expect(line).toContainText('首1件运费9.50元，每增加1件加2元');
  await expect(line).not.toContainText('包邮');
  expect(await run('templates')).toContain(`#${tempId}  ${template.name}`);

  // In use, it cannot be deleted.
  const refusedDelete = await run('template-delete', String(tempId)).then(
    () => '',
    (e: { stderr: string }) => e.stderr,
  );
  expect(refusedDelete).toContain('该运费模板正被1个商品使用');

  expect(await run('off-sale', String(id))).toContain(`下架成功：商品 #${id}`);
});
