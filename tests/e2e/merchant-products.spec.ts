// A shop's own products over HTTP and from the merchant CLI (`npm run merchant -- product-add ...`), with shop 15's demo
// token (no other spec uses shop 15), and what a shopper then sees on the product's page. The product is created off
// the shelf and taken off again at the end, so other specs' lists do not meet it for longer than the test runs.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';

const SHOP = 15;
const token = `mf_demo_mer_${SHOP}_mallfront`;

test('a merchant uploads a picture, adds a product, puts it on sale, edits and restocks it, and shoppers see each step', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const mine = bearer(token);
  const run = merchantCli(baseURL!, token);

  const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const pictureFile = `/tmp/merchant-product-${process.pid}.png`;
  writeFileSync(pictureFile, picture);
  // The picture from the command line: its path and size after re-encoding.
  const [path, size] = (await run('upload', pictureFile)).trim().split(/\s+/) as [string, string];
  expect(size).toBe('400×400');
  expect(path).toMatch(/^\/media\/[a-z0-9-]+\.webp$/);

  // The new product goes in the category of one of the shop's own products.
  const first = (await okBody(await request.get('/api/merchant/product/lst?limit=1', { headers: mine }))).data.list[0];
  const cateId = (await okBody(await request.get(`/api/merchant/product/detail/${first.product_id}`, { headers: mine }))).data.cate_id;
  const name = `手作柚子蜂蜜茶礼装${Date.now().toString(36)}`;
  const body = {
    store_name: name,
    store_info: '韩国高兴柚子，蜂蜜慢熬',
    cate_id: cateId,
    image: path,
    content: `<p>每日一杯，温暖整个冬天</p><script>document.title='x'</script><img src="${path}" onerror="alert(1)">`,
    spec_type: 1,
    attr: [{ value: '规格', detail: ['500g', '1kg'] }],
    attrValue: [
      { detail: { 规格: '500g' }, price: '39.90', ot_price: '59', stock: 20 },
      { detail: { 规格: '1kg' }, price: '69.00', stock: 0 },
    ],
  };
  expect((await refusal(await request.post('/api/merchant/product/create', { data: body }), 401)).message).toContain('商户令牌');
  const bad = await refusal(await request.post('/api/merchant/product/create', { headers: mine, data: { ...body, store_name: '' } }));
  expect(bad.message).toBe('请填写商品名称');

  const file = `/tmp/merchant-product-${process.pid}.json`;
  writeFileSync(file, JSON.stringify(body));
  const added = await run('product-add', file);
  expect(added).toContain('添加成功');
  const id = Number(/#(\d+)/.exec(added)![1]);
  expect(added).toContain(`#${id}  ${name}  ¥39.90  库存 20  销量 0  已下架  2 个SKU`);

  // Off the shelf until the shop puts it on; then a visitor's page shows it whole, with the cleaned details.
  expect((await page.goto(`/goods_detail/${id}`))!.status()).toBe(404);
  expect(
    (
      await refusal(
        await request.post(`/api/merchant/product/status/${id}`, { headers: bearer('mf_demo_mer_14_mallfront'), data: { status: 1 } }),
        404,
      )
    ).message,
  ).toBe('商品不存在');
  expect(await run('on-sale', String(id))).toContain(`上架成功：商品 #${id}`);
  expect((await page.goto(`/goods_detail/${id}`))!.status()).toBe(200);
  await expect(page.locator('h1.detail__name')).toHaveText(name);
  await expect(page.locator('.detail-content')).toContainText('每日一杯，温暖整个冬天');
  await expect(page.locator(`.detail-content img[src="${path}"]`)).toHaveCount(1);
  expect(await page.locator('.detail-content').innerHTML()).not.toMatch(/script|onerror/);
  expect(await page.title()).not.toBe('x');
  const shown = await request.get(path);
  expect(shown.headers()['content-type']).toBe('image/webp');

  // Restock the sold-out size from the command line, by its unique.
  const detail = (await okBody(await request.get(`/api/merchant/product/detail/${id}`, { headers: mine }))).data;
  const kilo = detail.attrValue.find((s: { sku: string }) => s.sku === '1kg').unique as string;
  const restocked = await run('stock', String(id), kilo, '+12');
  expect(restocked).toContain(`库存已更新：商品 #${id} 共 32 件`);
  expect(restocked).toContain(`${kilo}  库存 12`);
  const sku = (await okBody(await request.get(`/api/store/product/detail/${id}`))).data.sku as Record<string, { stock: number }>;
  expect(sku['1kg']!.stock).toBe(12);

  // Edit: dump as JSON, change the name, send it back; the visitor's (cached) page shows the new name at once.
  const json = JSON.parse(await run('product-json', String(id)));
  expect(json).toMatchObject({ store_name: name, status: 1, spec_type: 1, attr: body.attr });
  writeFileSync(file, JSON.stringify({ ...json, store_name: `${name}（新年款）` }));
  expect(await run('product-edit', String(id), file)).toContain('修改成功');
  await page.goto(`/goods_detail/${id}`);
  await expect(page.locator('h1.detail__name')).toHaveText(`${name}（新年款）`);
  expect(await run('products', '1', name)).toContain(`#${id}  ${name}（新年款）  ¥39.90  库存 32`);

  expect(await run('off-sale', String(id))).toContain(`下架成功：商品 #${id}`);
  expect((await page.goto(`/goods_detail/${id}`))!.status()).toBe(404);
});
