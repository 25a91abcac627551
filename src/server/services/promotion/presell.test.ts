import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { listPresells } from './list-presells.ts';
import { getPresellDetail } from './get-presell-detail.ts';
import { createRelation } from '../relation/create-relation.ts';
import { BALANCE_PRESELL_ID } from '../../db/seed/catalogue-promotions.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { eq } from 'drizzle-orm';
import { presell } from '../../db/schema/index.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('presales', () => {
  it('lists each state with both presale types', async () => {
    const ctx = visitorContext(db);
    // Ended: the 8 and the deposit presale in its balance window (its deposit phase is over).
    for (const type of [0, 1, 2]) {
      const page = await listPresells(ctx, { type });
      expect(page.count, String(type)).toBe(type === 2 ? 9 : 8);
      expect(page.list.every((p) => p.presell_status === type)).toBe(true);
      expect(new Set(page.list.map((p) => p.presell_type))).toEqual(new Set([1, 2]));
    }
    const deposit = (await listPresells(ctx, { type: 1 })).list.find((p) => p.presell_type === 2)!;
    expect(Number(deposit.down_price)).toBeGreaterThan(0);
    // Its balance window opens when its deposit phase ends, weeks from now.
    expect(deposit.final_start_time! > deposit.end_time).toBe(true);
    expect(Date.parse(`${deposit.final_start_time!.replace(' ', 'T')}+08:00`)).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    const balance = (await listPresells(ctx, { type: 2 })).list.find((p) => p.product_presell_id === BALANCE_PRESELL_ID)!;
    expect(balance.presell_type).toBe(2);
    expect(Date.parse(`${balance.final_start_time!.replace(' ', 'T')}+08:00`)).toBeLessThan(Date.now());
    expect(Date.parse(`${balance.final_end_time!.replace(' ', 'T')}+08:00`)).toBeGreaterThan(Date.now());
  });

  it('pages 16 at a time and refuses unknown states', async () => {
    const ctx = visitorContext(db);
    expect((await listPresells(ctx, { type: 1, limit: 3, page: 3 })).list).toHaveLength(2);
    await expect(listPresells(ctx, { type: 3 })).rejects.toMatchObject({ status: 400, message: '预售状态不正确' });
  });

  it('gives the detail with windows, the smallest deposit and the favourite state', async () => {
    const ctx = visitorContext(db);
    const card = (await listPresells(ctx, { type: 1 })).list.find((p) => p.presell_type === 2)!;
    const d = await getPresellDetail(ctx, { id: card.product_presell_id });
    expect(d).toMatchObject({ presell_type: 2, presell_status: 1, product: { product_type: 2, isRelation: false } });
    const deposits = Object.values(d.product.sku).map((s) => Number(s.down_price));
    expect(Number(d.minNum)).toBe(Math.min(...deposits));
    // The limits it is bought by, not the product's: no minimum, pay_count an order.
    expect(d.product).toMatchObject({ once_min_count: 0, once_max_count: d.pay_count });
    // Its parameters are the product's it sells.
    const [row] = await db.db.select().from(presell).where(eq(presell.productPresellId, card.product_presell_id));
    const origin = await getProductDetail(ctx, { id: row!.originProductId });
    expect(origin.params.length).toBeGreaterThan(0);
    expect(d.product.params).toEqual(origin.params);
    // And so are its reviews.
    expect(origin.reply_count).toBeGreaterThan(0);
    expect(d.product.reply_count).toBe(origin.reply_count);
    const own = await createTestDatabase();
    const user = await userContext(own, 1);
    await createRelation(user, { type: 2, type_id: card.product_presell_id });
    expect((await getPresellDetail(user, { id: card.product_presell_id })).product.isRelation).toBe(true);
  });

  it('is a 404 for an unknown presale', async () => {
    await expect(getPresellDetail(visitorContext(db), { id: 999 })).rejects.toMatchObject({ status: 404 });
  });
});
