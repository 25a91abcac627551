import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { product, seckillProduct } from '../../db/schema/index.ts';
import { listSeckillSessions } from './list-seckill-sessions.ts';
import { listSeckillProducts } from './list-seckill-products.ts';
import { getSeckillDetail } from './get-seckill-detail.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { offerStatus, currentSessionIndex } from './seckill-clock.ts';
import { mallDate } from '../dates.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

// The mall's date today and yesterday: the clock is faked to hours of today, not of a fixed date, because PGlite times
// its statements with the faked clock too and a fake months away overflows its timers (TimeoutOverflowWarning).
const TODAY = mallDate(new Date());
const YESTERDAY = mallDate(new Date(Date.now() - 86_400_000));

/** Beijing wall-clock time. */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${iso}+08:00`));
};

describe('flash-sale sessions', () => {
  it('always has a running session, whatever the hour', async () => {
    for (const hour of ['00:00', '07:59', '13:30', '23:59']) {
      at(`${TODAY}T${hour}:00`);
      const s = await listSeckillSessions(visitorContext(db));
      expect(s.seckillTime).toHaveLength(12);
      const current = s.seckillTime[s.seckillTimeIndex]!;
      expect(current.pc_status).toBe(1);
      expect(current.state).toBe('抢购中');
      expect(s.seckillEndTime).toBe(current.stop);
    }
  });

  it('gives earlier sessions as ended and later ones as upcoming, with unix stop times', async () => {
    at(`${TODAY}T10:30:00`);
    const s = await listSeckillSessions(visitorContext(db));
    expect(s.seckillTime[s.seckillTimeIndex]).toMatchObject({ start_time: 10, end_time: 12, title: '10:00场' });
    expect(s.seckillEndTime).toBe(Date.parse(`${TODAY}T12:00:00+08:00`) / 1000);
    expect(s.seckillTime[0]!.pc_status).toBe(-1);
    expect(s.seckillTime[11]!.pc_status).toBe(0);
  });

  it('picks the next session when none runs', () => {
    const sessions = [
      { startTime: 10, endTime: 12 },
      { startTime: 14, endTime: 16 },
    ];
    expect(currentSessionIndex(sessions, new Date(`${TODAY}T12:30:00+08:00`))).toBe(1);
    expect(currentSessionIndex(sessions, new Date(`${TODAY}T20:00:00+08:00`))).toBe(1);
    expect(
      offerStatus({ startTime: 10, endTime: 12, startDay: '2026-03-02', endDay: '2026-03-09' }, new Date('2026-03-01T11:00:00+08:00')),
    ).toBe(0);
    expect(
      offerStatus({ startTime: 10, endTime: 12, startDay: '2026-02-01', endDay: '2026-02-28' }, new Date('2026-03-01T11:00:00+08:00')),
    ).toBe(-1);
  });
});

describe('flash-sale products', () => {
  it('lists the current session by default, with progress and the link time', async () => {
    at(`${TODAY}T10:30:00`);
    const page = await listSeckillProducts(visitorContext(db), {});
    expect(page.count).toBe(4);
    const card = page.list[0]!;
    expect(card).toMatchObject({ product_type: 1, seckill_status: 1, stop_time: Date.parse(`${TODAY}T12:00:00+08:00`) / 1000 });
    expect(card.skill_status).toBe(1); // the reference client's name: running, not ended
    expect(card.percent).toBeGreaterThanOrEqual(0);
    expect(card.percent).toBeLessThanOrEqual(100);
    expect(Number(card.price)).toBeLessThan(Number(card.ot_price));
  });

  it('lists another session by its hours, with its state', async () => {
    at(`${TODAY}T10:30:00`);
    const later = await listSeckillProducts(visitorContext(db), { start_time: 20, end_time: 22 });
    expect(later.count).toBe(4);
    expect(later.list.every((c) => c.seckill_status === 0)).toBe(true);
    expect(later.list.every((c) => c.skill_status === 0)).toBe(true);
    expect((await listSeckillProducts(visitorContext(db), { start_time: 0 })).list.every((c) => c.seckill_status === -1)).toBe(true);
    expect(await listSeckillProducts(visitorContext(db), { start_time: 5 })).toEqual({ count: 0, list: [] });
    await expect(listSeckillProducts(visitorContext(db), { start_time: 25 })).rejects.toMatchObject({ status: 400 });
  });

  it("gives no sold share for a session that has not started: its sales so far are earlier days'", async () => {
    at(`${TODAY}T10:30:00`);
    const own = await createTestDatabase();
    const later = await listSeckillProducts(visitorContext(own), { start_time: 20, end_time: 22 });
    const running = await listSeckillProducts(visitorContext(own), {});
    const ids = [later.list[0]!.product_id, running.list[0]!.product_id];
    // Three of four sold on earlier days.
    await own.db.update(product).set({ sales: 30, stock: 10 }).where(inArray(product.productId, ids));
    const soon = (await listSeckillProducts(visitorContext(own), { start_time: 20, end_time: 22 })).list.find(
      (c) => c.product_id === ids[0],
    );
    expect(soon).toMatchObject({ seckill_status: 0, percent: 0 });
    const now = (await listSeckillProducts(visitorContext(own), {})).list.find((c) => c.product_id === ids[1]);
    expect(now).toMatchObject({ seckill_status: 1, percent: 75 });
  });

  it('marks no offer with the coupon marker: checkout takes no coupon for a flash sale, though every demo shop has one', async () => {
    at(`${TODAY}T10:30:00`);
    const page = await listSeckillProducts(visitorContext(db), {});
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((c) => c.issetCoupon === false)).toBe(true);
  });

  it('gives the offer detail with its status and limits', async () => {
    at(`${TODAY}T10:30:00`);
    const running = (await listSeckillProducts(visitorContext(db), {})).list[0]!;
    const d = await getSeckillDetail(visitorContext(db), { id: running.product_id });
    expect(d).toMatchObject({ product_type: 1, seckill_status: 1, start_time: 10, end_time: 12, once_pay_count: expect.any(Number) });
    expect(Object.keys(d.sku).length).toBeGreaterThan(0);
    // The limits it is bought by, not the product's: no minimum, once_pay_count an order.
    expect(d).toMatchObject({ once_min_count: 0, once_max_count: d.once_pay_count });
    // Its parameters are the product's it sells.
    const [offer] = await db.db.select().from(seckillProduct).where(eq(seckillProduct.productId, running.product_id));
    const origin = await getProductDetail(visitorContext(db), { id: offer!.originProductId });
    expect(origin.params.length).toBeGreaterThan(0);
    expect(d.params).toEqual(origin.params);
    // And so are its reviews: the count the page shows, not the offer row's none.
    expect(origin.reply_count).toBeGreaterThan(0);
    expect(d.reply_count).toBe(origin.reply_count);
    at(`${TODAY}T13:00:00`);
    expect((await getSeckillDetail(visitorContext(db), { id: running.product_id })).seckill_status).toBe(-1);
  });

  it('ends offers after their last day and 404s for non-offers', async () => {
    at(`${TODAY}T10:30:00`);
    const own = await createTestDatabase();
    const id = (await listSeckillProducts(visitorContext(own), {})).list[0]!.product_id;
    await own.db.update(seckillProduct).set({ endDay: YESTERDAY }).where(eq(seckillProduct.productId, id));
    expect((await getSeckillDetail(visitorContext(own), { id })).seckill_status).toBe(-1);
    expect((await listSeckillProducts(visitorContext(own), {})).count).toBe(3);
    await expect(getSeckillDetail(visitorContext(own), { id: 1 })).rejects.toMatchObject({ status: 404 });
  });
});
