import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { productReply } from '../../db/schema/index.ts';
import { listReviews } from './list-reviews.ts';
import { getProductDetail } from './get-product-detail.ts';
import { firstReviewsOf } from './product-detail.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

async function productWith(db: Database, n: number) {
  const { sql } = await import('drizzle-orm');
  const rows = await db.db
    .select({ id: productReply.productId })
    .from(productReply)
    .groupBy(productReply.productId)
    .having(sql`count(*) >= ${n} and count(*) filter (where rate <= 3) > 0`)
    .orderBy(productReply.productId)
    .limit(1);
  return rows[0]!.id;
}

describe('listReviews', () => {
  it('gives a product page the same reviews read with its product as read on their own, and only for the first page of all', async () => {
    const ctx = visitorContext(db);
    for (const id of [await productWith(db, 8), await productWith(db, 3)]) {
      const detail = await getProductDetail(ctx, { id }, { withFirstReviews: true });
      const first = firstReviewsOf(detail);
      expect(first, String(id)).toBeDefined();
      const known = { reviewedId: id, count: detail.reply_count, first };
      expect(await listReviews(ctx, { id }, known)).toEqual(await listReviews(ctx, { id }));
      expect(await listReviews(ctx, { id, page: 2 }, known)).toEqual(await listReviews(ctx, { id, page: 2 }));
      expect(await listReviews(ctx, { id, type: 'negative' }, known)).toEqual(await listReviews(ctx, { id, type: 'negative' }));
    }
    expect(firstReviewsOf(await getProductDetail(ctx, { id: await productWith(db, 2) }))).toBeUndefined();
  });

  it('gives the chip counts, % satisfied and stars, newest first', async () => {
    const id = await productWith(db, 8);
    const all = await listReviews(visitorContext(db), { id });
    expect(all.stat.count).toBe(all.stat.best + all.stat.middle + all.stat.negative);
    expect(all.count).toBe(all.stat.count);
    expect(all.rate).toBe(Math.round((all.stat.best / all.stat.count) * 1000) / 10);
    expect(all.star).toBeGreaterThanOrEqual(1);
    expect(all.star).toBeLessThanOrEqual(5);
    const times = all.list.map((r) => r.create_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.list[0]).toMatchObject({
      nickname: expect.any(String),
      rate: expect.any(Number),
      comment: expect.any(String),
      pics: expect.any(Array),
    });
  });

  it('filters by good, medium and bad', async () => {
    const id = await productWith(db, 8);
    const ctx = visitorContext(db);
    const best = await listReviews(ctx, { id, type: 'best' });
    const middle = await listReviews(ctx, { id, type: 'middle' });
    const negative = await listReviews(ctx, { id, type: 'negative' });
    expect(best.list.every((r) => r.rate >= 4)).toBe(true);
    expect(middle.list.every((r) => r.rate === 3)).toBe(true);
    expect(negative.list.every((r) => r.rate <= 2)).toBe(true);
    expect(best.count + middle.count + negative.count).toBe(best.stat.count);
  });

  it('pages 20 at a time and carries merchant replies', async () => {
    const ctx = visitorContext(db);
    const id = await productWith(db, 3);
    const p1 = await listReviews(ctx, { id, limit: 2 });
    const p2 = await listReviews(ctx, { id, limit: 2, page: 2 });
    expect(p1.list).toHaveLength(2);
    expect(p2.list.map((r) => r.reply_id)).not.toContain(p1.list[0]!.reply_id);
    const replied = await db.db.select().from(productReply).limit(200);
    expect(replied.some((r) => r.merchantReplyContent)).toBe(true);
  });

  it('shows the reviews of the sold product for flash-sale rows, and 5 stars when there are none', async () => {
    const ctx = visitorContext(db);
    const seckill = await listReviews(ctx, { id: 601 });
    expect(seckill.stat).toBeDefined();
    const { eq } = await import('drizzle-orm');
    const own = await createTestDatabase();
    await own.db.delete(productReply).where(eq(productReply.productId, 7));
    expect(await listReviews(visitorContext(own), { id: 7 })).toMatchObject({ count: 0, rate: 100, star: 5, list: [] });
  });

  it('refuses bad input and unknown products', async () => {
    const ctx = visitorContext(db);
    await expect(listReviews(ctx, { id: 1, type: 'worst' })).rejects.toMatchObject({ status: 400, message: '评价筛选类型不正确' });
    await expect(listReviews(ctx, { id: 1, page: -2 })).rejects.toMatchObject({ status: 400 });
    await expect(listReviews(ctx, { id: 888888 })).rejects.toMatchObject({ status: 404, message: '商品不存在或已下架' });
  });
});
