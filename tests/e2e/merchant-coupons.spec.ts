// A shop's own coupons from the merchant CLI (`npm run merchant -- coupon-add ...`), with shop 20's demo token (no other
// spec uses shop 20), and what a visitor then reads on the shop's product page (kept in the page cache before the
// write) and its coupon page: offered at once, claimed by a shopper, and gone when the shop stops it. Shop 20 already
// has a claimable shop coupon, so the cards' "券" markers do not change: the writes drop only the shop's coupon pages
// (and the pages listing every coupon: home teaser, coupon centre), not the mall's lists.
import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { merchantCli } from './merchant-cli.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';

const SHOP = 20;
const token = `mf_demo_mer_${SHOP}_mallfront`;

test('a merchant adds a coupon from the command line: visitors are offered it at once, a shopper claims it, and off it is offered no more', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = merchantCli(baseURL!, token);
  const failing = (...args: string[]) =>
    run(...args).then(
      () => '',
      (e: { stderr: string }) => e.stderr,
    );

  const mine = { authorization: `Bearer ${token}` };
  const item = (await okBody(await request.get('/api/merchant/product/lst?status=1&limit=1', { headers: mine }))).data.list[0];
  const productPath = `/goods_detail/${item.product_id}`;
  // The visitor's product page is kept in the page cache before the coupon exists.
  await expect.poll(async () => (await request.get(productPath)).headers()['x-page-cache']).toBe('HIT');

  // Sort 0 (the default): last in the coupon centre, where other specs claim the first coupon offered.
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const couponFile = `/tmp/merchant-coupon-${stamp}.json`;
  const title = `店庆券${stamp}`;
  writeFileSync(
    couponFile,
    JSON.stringify({
      title,
      coupon_price: '7',
      use_min_price: '88',
      coupon_type: 0,
      coupon_time: 10,
      is_limited: 1,
      total_count: 50,
    }),
  );
  const added = await run('coupon-add', couponFile);
  expect(added).toContain('添加成功');
  const id = Number(/#(\d+)/.exec(added)![1]);
  expect(added).toContain(`#${id}  ${title}  [店铺券]  满¥88.00减¥7.00  发放中  领取后10天内有效`);
  expect(added).toContain('限量50张，剩余50张，每人限领1张；已领取0张');

  // The kept page was dropped: the visitor is offered the new coupon.
  const claimButton = page.locator(`.product-coupons [data-action="claim-coupon"][data-id="${id}"]`);
  await page.goto(productPath);
  await expect(claimButton).toBeVisible();
  await expect(page.locator('.product-coupons__item', { has: page.locator(`[data-id="${id}"]`) })).toContainText('满¥88.00减¥7.00');
  await page.goto(`/store/storeCoupon?id=${SHOP}`);
  await expect(page.locator(`article[data-coupon="${id}"]`)).toContainText(title);

  // A shopper claims it; the shop sees the count.
  const shopper = await freshShopper(request);
  await okBody(await request.post(`/api/coupon/receive/${id}`, { headers: bearer(shopper) }));
  expect(await run('coupon', String(id))).toContain('剩余49张，每人限领1张；已领取1张，已使用0张，未使用1张');
  const held = (await okBody(await request.get('/api/coupon/list?statusTag=1', { headers: bearer(shopper) }))).data.list;
  expect(held.find((c: { coupon_id: number }) => c.coupon_id === id)).toMatchObject({ coupon_title: title, coupon_price: '7.00' });

  // Claimed, its amount can no longer change and it cannot be deleted.
  writeFileSync(couponFile, JSON.stringify({ coupon_price: '9' }));
  expect(await failing('coupon-edit', String(id), couponFile)).toContain('该优惠券已有顾客领取，不能再修改优惠金额');
  expect(await failing('coupon-delete', String(id))).toContain('该优惠券已被领取1张，不能删除');

  // Off: visitors are offered it no more (the page kept since is dropped again), and nobody else can claim it.
  await expect.poll(async () => (await request.get(productPath)).headers()['x-page-cache']).toBe('HIT');
  expect(await run('coupon-off', String(id))).toContain(`已停止发放：优惠券 #${id}`);
  await page.goto(productPath);
  await expect(page.locator('.product-coupons, h1').first()).toBeVisible();
  await expect(claimButton).toHaveCount(0);
  await page.goto(`/store/storeCoupon?id=${SHOP}`);
  await expect(page.locator('.merchant-coupons, .section-title').first()).toBeVisible();
  await expect(page.locator(`article[data-coupon="${id}"]`)).toHaveCount(0);
  const late = await freshShopper(request);
  expect((await refusal(await request.post(`/api/coupon/receive/${id}`, { headers: bearer(late) }), 404)).message).toBe(
    '优惠券不存在或已下架',
  );
  // The shopper who claimed it still holds it.
  const still = (await okBody(await request.get('/api/coupon/list?statusTag=1', { headers: bearer(shopper) }))).data.list;
  expect(still.map((c: { coupon_id: number }) => c.coupon_id)).toContain(id);
  expect(await run('coupons', '0')).toContain(`#${id}  ${title}  [店铺券]  满¥88.00减¥7.00  已停止`);
});
