// Activity frames (the reference's `border_pic`): what the operator sets through its verbs and what product cards
// then carry, on the seeded demo mall (frame 1 on the food category). Each test makes and deletes its own frames.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { activityFrame, product, storeCategory } from '../../db/schema/index.ts';
import { listProducts } from '../catalogue/list-products.ts';
import { listPresells } from './list-presells.ts';
import { listSeckillProducts } from './list-seckill-products.ts';
import { DEMO_FRAME_ID, DEMO_FRAME_MEDIA } from '../../db/seed/frames.ts';
import { formatDateTime } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { createFrame, deleteFrame, getFrame, listFrames, MAX_LIVE_FRAMES, updateFrame, type FrameBody } from './manage-frames.ts';

let db: Database;
const ctx = () => visitorContext(db);
const DEMO_PIC = `/media/${DEMO_FRAME_MEDIA}.svg`;
const HOUR = 3_600_000;
const at = (offsetMs: number) => formatDateTime(new Date(Date.now() + offsetMs))!;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterEach(async () => {
  vi.useRealTimers();
  // Every test's frames go; the seeded one stays.
  for (const f of await db.db
    .select()
    .from(activityFrame)
    .where(and(ne(activityFrame.frameId, DEMO_FRAME_ID), eq(activityFrame.isDel, false))))
    await deleteFrame(ctx(), f.frameId);
});

const body = (over: Partial<FrameBody> = {}): FrameBody => ({
  name: '测试边框',
  pic: DEMO_PIC,
  scope: 0,
  scope_ids: [],
  start_time: at(-HOUR),
  end_time: at(24 * HOUR),
  ...over,
});

/** border_pic of every card of a list, by product id. */
async function framesOf(input: Parameters<typeof listProducts>[1]): Promise<Map<number, string>> {
  const page = await listProducts(ctx(), { limit: 100, ...input });
  return new Map(page.list.map((p) => [p.product_id, p.border_pic]));
}

async function liveRows(): Promise<number> {
  const [row] = await db.db.select({ n: count() }).from(activityFrame).where(eq(activityFrame.isDel, false));
  return row!.n;
}

async function refusal(p: Promise<unknown>): Promise<ServiceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('activity frames on product cards', () => {
  it('the seeded frame dresses the food products and no others', async () => {
    const food = await framesOf({ cate_pid: 3 });
    expect(food.size).toBeGreaterThan(10);
    expect([...food.values()].every((pic) => pic === DEMO_PIC)).toBe(true);
    const digital = await framesOf({ cate_pid: 1 });
    expect([...digital.values()].every((pic) => pic === '')).toBe(true);
  });

  it('a higher sort wins, then the newest; a shop or a mid-level category covers its products', async () => {
    const food = [...(await framesOf({ cate_pid: 3 })).keys()];
    const [one, two] = food as [number, number];
    const [row] = await db.db.select({ merId: product.merId }).from(product).where(eq(product.productId, one));
    const mine = await createFrame(ctx(), body({ name: '单品', pic: '/media/cate-1.svg', scope: 3, scope_ids: [one], sort: 5 }));
    const shop = await createFrame(ctx(), body({ name: '店铺', pic: '/media/cate-2.svg', scope: 2, scope_ids: [row!.merId] }));
    let cards = await framesOf({ cate_pid: 3 });
    expect(cards.get(one)).toBe('/media/cate-1.svg');
    // Same sort as the seeded food frame: the newer shop frame wins on that shop's food products.
    const shopFood = await db.db.select({ id: product.productId }).from(product).where(eq(product.merId, row!.merId));
    for (const { id } of shopFood) if (id !== one && cards.has(id)) expect(cards.get(id)).toBe('/media/cate-2.svg');
    if (!shopFood.some((p) => p.id === two)) expect(cards.get(two)).toBe(DEMO_PIC);
    await deleteFrame(ctx(), mine.frame_id);
    await deleteFrame(ctx(), shop.frame_id);
    cards = await framesOf({ cate_pid: 3 });
    expect(cards.get(one)).toBe(DEMO_PIC);

    // A second-level category: every leaf under it.
    const [mid] = await db.db
      .select({ id: storeCategory.storeCategoryId })
      .from(storeCategory)
      .where(and(eq(storeCategory.pid, 1), eq(storeCategory.level, 2)));
    await createFrame(ctx(), body({ scope: 1, scope_ids: [mid!.id], pic: '/media/cate-3.svg' }));
    const leaves = await db.db.select({ id: storeCategory.storeCategoryId }).from(storeCategory).where(eq(storeCategory.pid, mid!.id));
    const inMid = await listProducts(ctx(), { cate_pid: mid!.id, limit: 100 });
    expect(inMid.list.length).toBeGreaterThan(0);
    expect(inMid.list.every((p) => p.border_pic === '/media/cate-3.svg' && leaves.some((l) => l.id === p.cate_id))).toBe(true);
    const elsewhere = await listProducts(ctx(), { cate_pid: 2, limit: 100 });
    expect(elsewhere.list.every((p) => p.border_pic === '')).toBe(true);
  });

  it('dresses flash-sale and presale cards too, by their product, its shop or its category', async () => {
    const presells = (await Promise.all([0, 1, 2].map((type) => listPresells(ctx(), { type, limit: 50 })))).flatMap((p) => p.list);
    const sales = (await listSeckillProducts(ctx(), { limit: 50 })).list;
    expect(presells.length).toBeGreaterThan(1);
    expect(sales.length).toBeGreaterThan(1);
    const [presale, other] = presells as [(typeof presells)[0], (typeof presells)[0]];
    const [sale] = sales as [(typeof sales)[0]];
    const frame = await createFrame(
      ctx(),
      body({ pic: '/media/cate-4.svg', scope: 3, scope_ids: [presale.product_id, sale.product_id], sort: 9 }),
    );
    const presellFrames = async () =>
      new Map(
        (await Promise.all([0, 1, 2].map((type) => listPresells(ctx(), { type, limit: 50 })))).flatMap((p) =>
          p.list.map((c) => [c.product_presell_id, c.border_pic] as const),
        ),
      );
    let cards = await presellFrames();
    expect(cards.get(presale.product_presell_id)).toBe('/media/cate-4.svg');
    if (other.product_id !== presale.product_id) expect(cards.get(other.product_presell_id)).not.toBe('/media/cate-4.svg');
    const saleCard = (await listSeckillProducts(ctx(), { limit: 50 })).list.find((c) => c.product_id === sale.product_id);
    expect(saleCard?.border_pic).toBe('/media/cate-4.svg');
    // A shop's frame reaches its presales.
    await deleteFrame(ctx(), frame.frame_id);
    await createFrame(ctx(), body({ pic: '/media/cate-5.svg', scope: 2, scope_ids: [presale.merchant!.mer_id], sort: 9 }));
    cards = await presellFrames();
    for (const c of presells)
      if (c.merchant?.mer_id === presale.merchant!.mer_id) expect(cards.get(c.product_presell_id)).toBe('/media/cate-5.svg');
  });

  it('shows only within its window and while switched on; each change shows on the next list at once', async () => {
    const target = [...(await framesOf({ cate_pid: 1 })).keys()][0]!;
    const later = await createFrame(ctx(), body({ scope: 3, scope_ids: [target], start_time: at(HOUR), end_time: at(3 * HOUR) }));
    expect(later).toMatchObject({ state: 0, state_text: '未开始', status: 1 });
    expect((await framesOf({ cate_pid: 1 })).get(target)).toBe('');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * HOUR);
    expect((await framesOf({ cate_pid: 1 })).get(target)).toBe(DEMO_PIC);
    expect(await getFrame(ctx(), later.frame_id)).toMatchObject({ state: 1, state_text: '进行中' });

    const off = await updateFrame(ctx(), later.frame_id, {
      ...body({ scope: 3, scope_ids: [target] }),
      start_time: later.start_time,
      end_time: later.end_time,
      status: 0,
    });
    expect(off).toMatchObject({ state: -2, state_text: '已关闭' });
    expect((await framesOf({ cate_pid: 1 })).get(target)).toBe('');
    await updateFrame(ctx(), later.frame_id, {
      ...body({ scope: 3, scope_ids: [target] }),
      start_time: later.start_time,
      end_time: later.end_time,
    });
    expect((await framesOf({ cate_pid: 1 })).get(target)).toBe(DEMO_PIC);

    vi.setSystemTime(Date.now() + 2 * HOUR);
    expect((await framesOf({ cate_pid: 1 })).get(target)).toBe('');
    expect(await getFrame(ctx(), later.frame_id)).toMatchObject({ state: -1, state_text: '已结束' });
    const ended = await listFrames(ctx(), { state: -1 });
    expect(ended.list.map((f) => f.frame_id)).toEqual([later.frame_id]);
  });

  it('lists by state, newest first; a deleted frame is gone from cards, lists and details', async () => {
    const a = await createFrame(ctx(), body({ name: 'A' }));
    const b = await createFrame(ctx(), body({ name: 'B', start_time: at(HOUR) }));
    const all = await listFrames(ctx(), {});
    expect(all.list.map((f) => f.frame_id)).toEqual([b.frame_id, a.frame_id, DEMO_FRAME_ID]);
    expect((await listFrames(ctx(), { state: 0 })).list.map((f) => f.frame_id)).toEqual([b.frame_id]);
    expect((await listFrames(ctx(), { state: 1 })).list.map((f) => f.frame_id)).toEqual([a.frame_id, DEMO_FRAME_ID]);
    expect((await listFrames(ctx(), { state: '-1' })).list).toEqual([]);
    // A state that is no number is refused, not read as 0 (not started) or 1 (showing).
    for (const state of [[], false, true, [1], '1e0', 'x', 2]) {
      expect((await refusal(listFrames(ctx(), { state }))).message, JSON.stringify(state)).toBe('状态不正确');
    }
    // A frame on every product: the digital products wear it too.
    expect([...(await framesOf({ cate_pid: 1 })).values()].every((pic) => pic === DEMO_PIC)).toBe(true);
    await deleteFrame(ctx(), a.frame_id);
    expect([...(await framesOf({ cate_pid: 1 })).values()].every((pic) => pic === '')).toBe(true);
    expect((await refusal(getFrame(ctx(), a.frame_id))).message).toBe('活动边框不存在');
    expect((await refusal(deleteFrame(ctx(), a.frame_id))).code).toBe('not_found');
    expect((await refusal(updateFrame(ctx(), 'abc', body()))).message).toBe('边框ID格式不正确');
    expect((await refusal(getFrame(ctx(), '0'))).code).toBe('invalid');
    expect((await refusal(deleteFrame(ctx(), 2 ** 31))).code).toBe('invalid');
    expect((await listFrames(ctx(), {})).count).toBe(2);
  });

  it('refuses malformed frames with a Chinese message and writes nothing', async () => {
    const before = await liveRows();
    const cases: [Partial<FrameBody> | Record<string, unknown>, string][] = [
      [{ name: ' ' }, '请填写活动名称'],
      [{ name: '名'.repeat(31) }, '活动名称不能超过30个字'],
      [{ pic: '' }, '请上传边框图片'],
      [{ pic: 'https://evil.example/x.png' }, '边框图片须是本站上传的图片（/media/…）'],
      [{ pic: '/media/../etc/passwd.svg' }, '边框图片须是本站上传的图片（/media/…）'],
      [{ pic: '/media/nothing-here.webp' }, '边框图片不存在，请先上传'],
      [{ scope: 4 }, '适用范围不正确：0 全部商品，1 分类，2 店铺，3 商品'],
      [{ scope: 2, scope_ids: [] }, '请选择适用的店铺'],
      [{ scope: 3, scope_ids: [1, 99_999] }, '商品 99999 不存在'],
      [{ scope: 1, scope_ids: [424_242] }, '分类 424242 不存在'],
      [{ scope: 2, scope_ids: [-3] }, '适用对象的编号格式不正确'],
      [{ scope: 3, scope_ids: [3_000_000_000] }, '适用对象的编号格式不正确'],
      [{ scope: 3, scope_ids: '1,2' }, '适用对象须是编号列表'],
      [{ start_time: '2026/12/12' }, '开始时间格式不正确，例如 2026-12-12 00:00:00'],
      [{ end_time: '2027-02-30 00:00:00' }, '结束时间不是有效的时间'],
      [{ start_time: at(2 * HOUR), end_time: at(HOUR) }, '结束时间须晚于开始时间'],
      [{ start_time: at(-3 * HOUR), end_time: at(-HOUR) }, '结束时间须晚于当前时间'],
      // More than 10 years ahead: the year 9999 was taken, a frame that never ends.
      [{ end_time: '9999-12-31 23:59:59' }, '结束时间不能晚于10年后'],
      [{ end_time: at(3660 * 24 * HOUR) }, '结束时间不能晚于10年后'],
      [{ sort: 10_000 }, '排序须是0到9999的整数'],
      [{ status: 2 }, '开关只能是 0 或 1'],
      // Not numbers: coercion read [] as 0 (every product, switched off) and true as 1.
      [{ status: [] }, '开关只能是 0 或 1'],
      [{ scope: [] }, '适用范围不正确：0 全部商品，1 分类，2 店铺，3 商品'],
      [{ scope: 3, scope_ids: [true] }, '适用对象的编号格式不正确'],
      [{ sort: ' ' }, '排序须是0到9999的整数'],
    ];
    for (const [over, message] of cases) {
      const err = await refusal(createFrame(ctx(), { ...body(), ...over } as FrameBody));
      expect([err.code, err.message], JSON.stringify(over)).toEqual(['invalid', message]);
    }
    expect(await liveRows()).toBe(before);
    // An update's end likewise; the frame keeps its own.
    const frame = await createFrame(ctx(), body());
    const far = await refusal(updateFrame(ctx(), frame.frame_id, body({ end_time: '9999-12-31 23:59:59' })));
    expect([far.code, far.message]).toEqual(['invalid', '结束时间不能晚于10年后']);
    expect((await getFrame(ctx(), frame.frame_id)).end_time).toBe(frame.end_time);
  });

  it(`keeps at most ${MAX_LIVE_FRAMES} frames not ended, however many requests arrive at once`, async () => {
    const before = await listFrames(ctx(), { state: 1 });
    const room = MAX_LIVE_FRAMES - before.count;
    const results = await Promise.allSettled(
      Array.from({ length: room + 5 }, (_, i) => createFrame(ctx(), body({ name: `边框${i}`, status: 0 }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(room);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as ServiceError).message)).toEqual(
      Array(5).fill(`未结束的活动边框最多${MAX_LIVE_FRAMES}个，请先删除或结束一些`),
    );
  });
});
