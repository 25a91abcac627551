// A shop's own presale from the merchant CLI (`npm run merchant -- presell-add ...`), with shop 16's demo token (no
// other spec uses shop 16), and what a visitor then sees on the presale list and page. The presale is in progress and
// ends after every seeded one (the in-progress list is ordered by end, so other specs' "first card" stays theirs); it is
// taken off again at the end and its stock given back to the product.
import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';

const SHOP = 16;
const token = `mf_demo_mer_${SHOP}_mallfront`;

interface Sku {
  unique: string;
  sku: string;
  price: string;
  stock: number;
}

test('a merchant puts a product into a deposit presale, visitors see it, and it is gone once taken off', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const mine = bearer(token);
  const run = merchantCli(baseURL!, token);

  // One of the shop's products on sale with something in stock; the presale takes one piece of each SKU that has one.
  const list = (await okBody(await request.get('/api/merchant/product/lst?status=1&limit=50', { headers: mine }))).data.list as {
    product_id: number;
    stock: number;
  }[];
  const origin = list.find((p) => p.stock > 0)!;
  const detail = (await okBody(await request.get(`/api/merchant/product/detail/${origin.product_id}`, { headers: mine }))).data;
  const skus = detail.attrValue as Sku[];
  // Mall time (Beijing) as the merchant API reads it; the presale runs for a year (ends past 10 years are refused).
  const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const inAYear = Date.now() + 365 * 86_400_000;
  const body = {
    origin_product_id: origin.product_id,
    presell_type: 2,
    start_time: beijing(Date.now() - 3600_000),
    end_time: beijing(inAYear),
    final_start_time: beijing(inAYear),
    final_end_time: beijing(inAYear + 11 * 3600_000),
    delivery_type: 1,
    delivery_day: 5,
    pay_count: 1,
    status: 1,
    attrValue: skus.map((s) => ({ unique: s.unique, price: s.price, down_price: '0.01', stock: s.stock > 0 ? 1 : 0 })),
  };
  expect((await refusal(await request.post('/api/merchant/presell/create', { data: body }), 401)).message).toContain('商户令牌');
  const bad = await refusal(
    await request.post('/api/merchant/presell/create', {
      headers: mine,
      data: { ...body, start_time: '2020-01-01 10:00:00', end_time: '2020-01-02 10:00:00' },
    }),
  );
  expect(bad.message).toBe('结束时间（end_time）不能早于现在');

  const file = `/tmp/merchant-presell-${process.pid}.json`;
  writeFileSync(file, JSON.stringify(body));
  const added = await run('presell-add', file);
  expect(added).toContain('添加成功');
  const id = Number(/#(\d+)/.exec(added)![1]);
  const pieces = skus.filter((s) => s.stock > 0).length;
  expect(added).toContain(`#${id}  ${detail.store_name}  ¥`);
  expect(added).toContain(`定金 ¥0.01起  库存 ${pieces}  已售 0  在售  进行中`);
  expect(await run('presells', '1', '1')).toContain(`#${id}  ${detail.store_name}`);

  // Another shop's token does not reach it.
  expect(
    (await refusal(await request.get(`/api/merchant/presell/detail/${id}`, { headers: bearer('mf_demo_mer_14_mallfront') }), 404)).message,
  ).toBe('预售商品不存在');

  // A visitor: on the in-progress list (the cached page was dropped) and on its own page, deposit from ¥0.01.
  const card = page.locator(`.presell-card:has(a[href$="/goods_presell_detail/${id}"])`);
  await page.goto('/goods_presell');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(detail.store_name);
  expect((await page.goto(`/goods_presell_detail/${id}`))!.status()).toBe(200);
  await expect(page.locator('h1.detail__name')).toHaveText(detail.store_name);
  const shown = (await okBody(await request.get(`/api/store/product/presell/detail/${id}`))).data;
  expect(shown).toMatchObject({ product_presell_id: id, presell_type: 2, presell_status: 1, minNum: '0.01', pay_count: 1 });

  // Off the shelf: gone from the list and its page at once.
  expect(await run('presell-off', String(id))).toContain(`下架成功：预售商品 #${id}`);
  await page.goto('/goods_presell');
  await expect(card).toHaveCount(0);
  expect((await page.goto(`/goods_presell_detail/${id}`))!.status()).toBe(404);

  // Its stock back to the product, from the command line.
  const presale = (await okBody(await request.get(`/api/merchant/presell/detail/${id}`, { headers: mine }))).data;
  const back = (presale.attrValue as Sku[]).filter((s) => s.stock > 0).flatMap((s) => [s.unique, `-${s.stock}`]);
  const returned = await run('presell-stock', String(id), ...back);
  expect(returned).toContain('修改成功');
  expect(returned).toMatch(new RegExp(`#${id}  .*  库存 0  已售 0  已下架`));
  const after = (await okBody(await request.get(`/api/merchant/product/detail/${origin.product_id}`, { headers: mine }))).data;
  expect(after.stock).toBe(detail.stock);
});
