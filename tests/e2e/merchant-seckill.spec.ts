// A shop's own flash sale from the merchant CLI (`npm run merchant -- seckill-add ...`), with shop 18's demo token (no
// other spec uses shop 18), and what a visitor then sees on the flash-sale list and page. The offer is put in the
// session running now, taken off again at the end and its stock given back to the product, so other specs' lists do
// not meet it for longer than the test runs.
import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';

const SHOP = 18;
const token = `mf_demo_mer_${SHOP}_mallfront`;

interface Sku {
  unique: string;
  sku: string;
  price: string;
  stock: number;
}

test('a merchant puts a product into the running flash-sale session, visitors see it, and it is gone once taken off', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const mine = bearer(token);
  const run = merchantCli(baseURL!, token);

  // The session running now, from the command line.
  const sessions = await run('sessions');
  const session = Number(/^#(\d+) .*抢购中$/m.exec(sessions)![1]);

  // One of the shop's products on sale with something in stock; the flash sale takes one piece of each SKU that has one.
  const list = (await okBody(await request.get('/api/merchant/product/lst?status=1&limit=50', { headers: mine }))).data.list as {
    product_id: number;
    stock: number;
  }[];
  const origin = list.find((p) => p.stock > 0)!;
  const detail = (await okBody(await request.get(`/api/merchant/product/detail/${origin.product_id}`, { headers: mine }))).data;
  const skus = detail.attrValue as Sku[];
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const body = {
    origin_product_id: origin.product_id,
    seckill_time_id: session,
    start_day: today,
    end_day: today,
    once_pay_count: 1,
    all_pay_count: 1,
    status: 1,
    attrValue: skus.map((s) => ({ unique: s.unique, price: '1.00', stock: s.stock > 0 ? 1 : 0 })),
  };
  expect((await refusal(await request.post('/api/merchant/seckill/create', { data: body }), 401)).message).toContain('商户令牌');
  const bad = await refusal(
    await request.post('/api/merchant/seckill/create', {
      headers: mine,
      data: { ...body, end_day: '2020-01-01', start_day: '2020-01-01' },
    }),
  );
  expect(bad.message).toBe('结束日期不能早于今天');

  const file = `/tmp/merchant-seckill-${process.pid}.json`;
  writeFileSync(file, JSON.stringify(body));
  const added = await run('seckill-add', file);
  expect(added).toContain('添加成功');
  const id = Number(/#(\d+)/.exec(added)![1]);
  const pieces = skus.filter((s) => s.stock > 0).length;
  expect(added).toContain(`#${id}  ${detail.store_name}  ¥1.00`);
  expect(added).toContain(`库存 ${pieces}  已售 0  在售`);

  // Another shop's token does not reach it.
  expect(
    (await refusal(await request.get(`/api/merchant/seckill/detail/${id}`, { headers: bearer('mf_demo_mer_14_mallfront') }), 404)).message,
  ).toBe('秒杀商品不存在');

  // A visitor: on the session's list (the cached page was dropped) and on its own page at the flash-sale price.
  const card = page.locator(`.seckill-card:has(a[href*="/goods_seckill_detail/${id}"])`);
  await page.goto(`/goods_seckill?time=${session}`);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(detail.store_name);
  expect((await page.goto(`/goods_seckill_detail/${id}`))!.status()).toBe(200);
  await expect(page.locator('h1.detail__name')).toHaveText(detail.store_name);
  const shown = (await okBody(await request.get(`/api/store/product/seckill/detail/${id}`))).data;
  expect(shown).toMatchObject({ seckill_time_id: session, once_pay_count: 1, origin_product_id: origin.product_id, price: '1.00' });

  // Off the shelf: gone from the list and its page at once.
  expect(await run('seckill-off', String(id))).toContain(`下架成功：秒杀商品 #${id}`);
  await page.goto(`/goods_seckill?time=${session}`);
  await expect(card).toHaveCount(0);
  expect((await page.goto(`/goods_seckill_detail/${id}`))!.status()).toBe(404);

  // Its stock back to the product, from the command line.
  const offer = (await okBody(await request.get(`/api/merchant/seckill/detail/${id}`, { headers: mine }))).data;
  const back = (offer.attrValue as Sku[]).filter((s) => s.stock > 0).flatMap((s) => [s.unique, `-${s.stock}`]);
  const returned = await run('seckill-stock', String(id), ...back);
  expect(returned).toContain('修改成功');
  expect(returned).toContain(`#${id}  ${detail.store_name}  ¥1.00（原价 ¥${detail.price}）  库存 0`);
  const after = (await okBody(await request.get(`/api/merchant/product/detail/${origin.product_id}`, { headers: mine }))).data;
  expect(after.stock).toBe(detail.stock);
});
