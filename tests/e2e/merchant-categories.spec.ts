// A shop hides one of its own categories (shop 8's demo token; no other spec uses shop 8): its store pages, kept by the
// page cache, stop linking it and its children at once, neither filters the shop list any more (the API answers as for
// an unknown category, the category page is a 404), and its products stay in the shop's whole list. Shown again at the
// end. Hiding a category drops every page with shop 8's cards: mall-wide (playwright.config.ts).
import { test, expect } from './fixtures.ts';
import { okBody } from './accounts.ts';
import { bearer } from './orders.ts';
import { demoToken } from './merchant-cli.ts';

const SHOP = 8;
const mine = bearer(demoToken(SHOP));

interface Category {
  store_category_id: number;
  cate_name: string;
  product_count: number;
  children: Category[];
}

test('a hidden shop category and its children leave the store pages and filter nothing; their products stay on sale', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { list } = (await okBody(await request.get('/api/merchant/store/category/lst', { headers: mine }))).data as { list: Category[] };
  const top = list.find((c) => c.children.some((x) => x.product_count > 0))!;
  const child = top.children.find((x) => x.product_count > 0)!;
  const products = async (query: string) =>
    (await okBody(await request.get(`/api/product/spu/merchant/${SHOP}?limit=100${query}`))).data as {
      count: number;
      list: { product_id: number }[];
    };
  const unknown = await products('&mer_cate_id=999999999');
  expect(unknown.count).toBe(0);
  const inChild = await products(`&mer_cate_id=${child.store_category_id}`);
  expect(inChild.count).toBeGreaterThan(0);
  const whole = await products('');

  // The shop's category page, kept by the page cache from here on, links both.
  await page.goto(`/store/category?id=${SHOP}`);
  await page.goto(`/store/category?id=${SHOP}`);
  const tree = page.getByRole('complementary', { name: '店铺分类' });
  await expect(tree.getByRole('link', { name: top.cate_name, exact: true })).toBeVisible();
  await expect(tree.getByRole('link', { name: child.cate_name, exact: true, includeHidden: true })).toHaveCount(1);

  const show = (id: number, is_show: 0 | 1) =>
    request.post(`/api/merchant/store/category/update/${id}`, { headers: mine, data: { is_show } });
  await okBody(await show(top.store_category_id, 0));
  try {
    await page.goto(`/store/category?id=${SHOP}`);
    await expect(tree.getByRole('link', { name: top.cate_name, exact: true })).toHaveCount(0);
    await expect(tree.getByRole('link', { name: child.cate_name, exact: true, includeHidden: true })).toHaveCount(0);
    // Neither is a filter: the list answers as for an unknown category, and neither is a page of the shop.
    expect(await products(`&mer_cate_id=${top.store_category_id}`)).toEqual(unknown);
    expect(await products(`&mer_cate_id=${child.store_category_id}`)).toEqual(unknown);
    for (const id of [top.store_category_id, child.store_category_id]) {
      expect((await page.goto(`/store/category?id=${SHOP}&cate_id=${id}`))?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '店铺分类不存在' })).toBeVisible();
    }
    // The products are still in the shop's whole list, and its page counts them.
    expect((await products('')).count).toBe(whole.count);
    await page.goto(`/store/category?id=${SHOP}`);
    expect(Number(await page.locator('[data-count]').innerText())).toBe(whole.count);
  } finally {
    await okBody(await show(top.store_category_id, 1));
  }
  await page.goto(`/store/category?id=${SHOP}&cate_id=${child.store_category_id}`);
  await expect(page.getByRole('heading', { level: 2, name: child.cate_name })).toBeVisible();
  expect((await products(`&mer_cate_id=${child.store_category_id}`)).count).toBe(inChild.count);
});
