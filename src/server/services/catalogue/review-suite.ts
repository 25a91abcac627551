// Reviews of bought items on a real database: run on PGlite (review.test.ts) and on PostgreSQL 15
// (review.postgres.test.ts). Each test makes its own shoppers and orders, so tests sharing one PostgreSQL server do not meet.
import { describe, it, expect } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { merchant, product, productReply, seckillProduct, storeOrder, storeOrderProduct, storeOrderStatus } from '../../db/schema/index.ts';
import { newShopper, pickSku, addLine, placeOrder, topUp, type Shopper, type Sku } from '../../../../tests/helpers/checkout.ts';
import { receiveForTest } from '../../../../tests/helpers/received.ts';
import { photo } from '../../../../tests/helpers/images.ts';
import { visitorContext } from '../../../../tests/helpers/test-db.ts';
import { REVIEW_TEXT } from '../../../shared/review.ts';
import { payOrder } from '../payment/pay-order.ts';
import { uploadImage } from '../media/upload-image.ts';
import { cachedSiteConfig } from '../site/load-shell.ts';
import { changedSince, changeSequence } from '../cache.ts';
import { collectShown } from '../cache-tags.ts';
import { getReviewItem } from './review-item.ts';
import { refreshShopScores } from './review-scores.ts';
import { createReview, maskNickname } from './create-review.ts';
import { listReviews } from './list-reviews.ts';
import { getProductDetail } from './get-product-detail.ts';

/**
 * A paid store order of `s` with one line of `n` units per SKU (all of one merchant), received unless `received` is
 * false.
 */
async function boughtItems(d: Database, s: Shopper, skus: Sku[], received = true, n = 1) {
  await topUp(d, s.user.uid, 10_000_000);
  const lines = [];
  for (const sku of skus) lines.push(await addLine(s, sku, n));
  const { order } = await placeOrder(s, lines);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  const items = await d.db
    .select()
    .from(storeOrderProduct)
    .where(eq(storeOrderProduct.orderId, o!.orderId))
    .orderBy(storeOrderProduct.orderProductId);
  if (received) await receiveForTest(d, o!.orderId);
  return { orderId: o!.orderId, merId: o!.merId, items: items.map((i) => ({ unique: i.orderProductId, spu: i.snapshot.spu_product_id })) };
}

const review = (extra: Record<string, unknown> = {}) => ({
  comment: '  做工不错，物流很快，包装也很好  ',
  pics: [] as string[],
  product_score: 5,
  service_score: 4,
  postage_score: 3,
  ...extra,
});

const orderOf = async (d: Database, orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!;
const repliesOf = (d: Database, unique: number) => d.db.select().from(productReply).where(eq(productReply.orderProductId, unique));

export function reviewSuite(open: () => Promise<Database>) {
  describe('reviewing a received item', () => {
    it('shows the item to review, then the review on the product page at once, with its pictures, masked name and spec', async () => {
      const d = await open();
      const s = await newShopper(d);
      const sku = await pickSku(d);
      const { orderId, merId, items } = await boughtItems(d, s, [sku]);
      const unique = items[0]!.unique;

      const item = await getReviewItem(s, { unique });
      expect(item).toMatchObject({
        order_product_id: unique,
        order_id: orderId,
        product_id: sku.productId,
        product_num: 1,
        cart_num: 1,
        is_reply: 0,
        status: 2,
        reply: null,
      });
      expect(item.cart_info.cart_num).toBe(1);
      expect(item.cart_info.product.store_name).toBeTruthy();
      expect(item.cart_info.productAttr.price).toBe((sku.price / 100).toFixed(2));

      const before = await listReviews(visitorContext(d), { id: sku.productId });
      // The product's review count, as its page reads it (with the first reviews) and as the detail API does.
      const counted = async () =>
        [
          (await getProductDetail(visitorContext(d), { id: sku.productId }, { withFirstReviews: true })).reply_count,
          (await getProductDetail(visitorContext(d), { id: sku.productId })).reply_count,
        ] as const;
      expect(await counted()).toEqual([before.stat.count, before.stat.count]);
      const pic = (await uploadImage(s, { bytes: await photo('jpeg') })).path;
      const since = changeSequence(d.db);
      const res = await createReview(s, { unique, ...review({ pics: [pic, pic], product_score: 2 }) });
      expect(res).toMatchObject({ order_id: orderId, status: 3 });

      // The product page's list, counts and filters read product_reply: the review is there at once.
      const after = await listReviews(visitorContext(d), { id: sku.productId });
      expect(after.stat.count).toBe(before.stat.count + 1);
      expect(await counted()).toEqual([before.stat.count + 1, before.stat.count + 1]);
      expect(after.stat.negative).toBe(before.stat.negative + 1);
      expect(after.list[0]).toMatchObject({
        reply_id: res.reply_id,
        rate: 2,
        comment: '做工不错，物流很快，包装也很好',
        pics: [pic],
        nickname: maskNickname(s.user.nickname),
        sku: item.cart_info.productAttr.sku,
      });
      expect(after.list[0]!.nickname).toMatch(/^.\*\*.$/u);
      const bad = await listReviews(visitorContext(d), { id: sku.productId, type: 'negative' });
      expect(bad.list.map((r) => r.reply_id)).toContain(res.reply_id);
      // Cached pages showing the product or its shop are dropped.
      expect(changedSince(d.db, since, [`product:${sku.productId}`])).toBe(true);
      expect(changedSince(d.db, since, [`merchant:${merId}`])).toBe(true);

      const [row] = await repliesOf(d, unique);
      expect(row).toMatchObject({ productId: sku.productId, uid: s.user.uid, rate: 2, serviceScore: 4, postageScore: 3 });
      const [line] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderProductId, unique));
      expect(line!.isReply).toBe(true);

      const again = await getReviewItem(s, { unique });
      expect(again).toMatchObject({ is_reply: 1, status: 3 });
      expect(again.reply).toMatchObject({ reply_id: res.reply_id, product_score: 2, service_score: 4, postage_score: 3, pics: [pic] });
    });

    it("keeps the product's rate and the shop's three scores equal to the averages of their reviews", async () => {
      const d = await open();
      const s = await newShopper(d);
      const sku = await pickSku(d, { merId: 2 });
      const { items, merId } = await boughtItems(d, s, [sku]);
      await createReview(s, { unique: items[0]!.unique, ...review({ product_score: 1, service_score: 2, postage_score: 5 }) });

      const [p] = await d.db
        .select({
          rate: product.rate,
          avg: sql<string>`(select round(avg(rate), 1)::text from product_reply where product_id = ${sku.productId})`,
        })
        .from(product)
        .where(eq(product.productId, sku.productId));
      expect(p!.rate).toBe(p!.avg);
      const [avg] = await d.db
        .select({
          p: sql<string>`round(avg(${productReply.rate}), 1)::text`,
          s: sql<string>`round(avg(coalesce(${productReply.serviceScore}, ${productReply.rate})), 1)::text`,
          o: sql<string>`round(avg(coalesce(${productReply.postageScore}, ${productReply.rate})), 1)::text`,
          n: sql<number>`count(*)::int`,
        })
        .from(productReply)
        .innerJoin(product, eq(product.productId, productReply.productId))
        .where(eq(product.merId, merId));
      // Over all the shop's reviews (the seed's too), so one 1-star review moves it a little, not to 1.0.
      expect(avg!.n).toBeGreaterThan(50);
      const [m] = await d.db.select().from(merchant).where(eq(merchant.merId, merId));
      expect([m!.productScore, m!.serviceScore, m!.postageScore]).toEqual([avg!.p, avg!.s, avg!.o]);
      expect(Number(m!.productScore)).toBeGreaterThan(3.5);
    });

    it("a seeded shop's scores are its reviews' averages, so a buyer's review does not make them jump", async () => {
      const d = await open();
      const [before] = await d.db.select().from(merchant).where(eq(merchant.merId, 5));
      await refreshShopScores(d.db, 5);
      const [again] = await d.db.select().from(merchant).where(eq(merchant.merId, 5));
      expect([again!.productScore, again!.serviceScore, again!.postageScore]).toEqual([
        before!.productScore,
        before!.serviceScore,
        before!.postageScore,
      ]);
      const s = await newShopper(d);
      const { items } = await boughtItems(d, s, [await pickSku(d, { merId: 5 })]);
      await createReview(s, { unique: items[0]!.unique, ...review({ product_score: 4, service_score: 5, postage_score: 5 }) });
      const [after] = await d.db.select().from(merchant).where(eq(merchant.merId, 5));
      for (const k of ['productScore', 'serviceScore', 'postageScore'] as const) {
        expect(Math.abs(Number(after![k]) - Number(before![k]))).toBeLessThanOrEqual(0.1);
      }
    });

    it('moves the order to done (3) with a timeline row only after its last item is reviewed', async () => {
      const d = await open();
      const s = await newShopper(d);
      const first = await pickSku(d, { merId: 3 });
      const second = await pickSku(d, { merId: 3, except: [first.productId] });
      const { orderId, items } = await boughtItems(d, s, [first, second]);
      expect(items).toHaveLength(2);

      expect((await createReview(s, { unique: items[0]!.unique, ...review() })).status).toBe(2);
      expect((await orderOf(d, orderId)).status).toBe(2);
      expect((await createReview(s, { unique: items[1]!.unique, ...review() })).status).toBe(3);
      expect((await orderOf(d, orderId)).status).toBe(3);
      const timeline = await d.db.select().from(storeOrderStatus).where(eq(storeOrderStatus.orderId, orderId));
      expect(timeline.filter((t) => t.changeType === 'reply')).toEqual([expect.objectContaining({ changeMessage: REVIEW_TEXT.orderDone })]);
    });

    it('two items of one order reviewed at the same moment still complete the order', async () => {
      const d = await open();
      const s = await newShopper(d);
      const first = await pickSku(d, { merId: 4 });
      const second = await pickSku(d, { merId: 4, except: [first.productId] });
      const { orderId, items } = await boughtItems(d, s, [first, second]);
      const results = await Promise.allSettled(items.map((i) => createReview(s, { unique: i.unique, ...review() })));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await orderOf(d, orderId)).status).toBe(3);
    });
  });

  describe('the rules', () => {
    it('five submits of one review at once write one review; the others are refused 该商品已评价', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { items } = await boughtItems(d, s, [await pickSku(d)]);
      const unique = items[0]!.unique;
      const results = await Promise.allSettled(
        [1, 2, 3, 4, 5].map((n) => createReview(s, { unique, ...review({ comment: `第${n}次提交` }) })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'refused', message: REVIEW_TEXT.reviewed });
      }
      expect(await repliesOf(d, unique)).toHaveLength(1);
      await expect(createReview(s, { unique, ...review() })).rejects.toThrow(REVIEW_TEXT.reviewed);
    });

    it('gives the quantity bought as product_num, cart_num and cart_info.cart_num (the reference page reads cart_num)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { items } = await boughtItems(d, s, [await pickSku(d, { merId: 3 })], true, 3);
      const item = await getReviewItem(s, { unique: items[0]!.unique });
      expect(item).toMatchObject({ product_num: 3, cart_num: 3, cart_info: { cart_num: 3 } });
    });

    it("only the buyer: another shopper's item is a 404 and a visitor is asked to sign in", async () => {
      const d = await open();
      const [s, other] = [await newShopper(d), await newShopper(d)];
      const { orderId, items } = await boughtItems(d, s, [await pickSku(d)]);
      const unique = items[0]!.unique;
      await expect(getReviewItem(other, { unique })).rejects.toMatchObject({ code: 'not_found', message: REVIEW_TEXT.itemGone });
      await expect(createReview(other, { unique, ...review() })).rejects.toMatchObject({ code: 'not_found' });
      await expect(createReview(visitorContext(d), { unique, ...review() })).rejects.toMatchObject({ message: '请登录' });
      await expect(getReviewItem(s, { unique: 2_000_000_000 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(getReviewItem(s, { unique, order_id: orderId + 100_000 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(getReviewItem(s, { unique, order_id: orderId })).resolves.toMatchObject({ order_product_id: unique });
      expect(await repliesOf(d, unique)).toHaveLength(0);
    });

    it('only after receipt: an item of an order to ship is refused 确认收货后才能评价 and nothing changes', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId, items } = await boughtItems(d, s, [await pickSku(d)], false);
      const unique = items[0]!.unique;
      await expect(getReviewItem(s, { unique })).rejects.toMatchObject({ code: 'refused', message: REVIEW_TEXT.notReceived });
      await expect(createReview(s, { unique, ...review() })).rejects.toMatchObject({ code: 'refused', message: REVIEW_TEXT.notReceived });
      expect(await repliesOf(d, unique)).toHaveLength(0);
      expect((await orderOf(d, orderId)).status).toBe(0);
      await d.db.update(storeOrder).set({ status: -1 }).where(eq(storeOrder.orderId, orderId));
      await expect(createReview(s, { unique, ...review() })).rejects.toThrow(REVIEW_TEXT.refunded);
    });

    it("pictures must be the reviewer's own uploads", async () => {
      const d = await open();
      const [s, other] = [await newShopper(d), await newShopper(d)];
      const { items } = await boughtItems(d, s, [await pickSku(d)]);
      const unique = items[0]!.unique;
      const theirs = (await uploadImage(other, { bytes: await photo('png', { width: 40, height: 40 }) })).path;
      const mine = (await uploadImage(s, { bytes: await photo('png', { width: 40, height: 40 }) })).path;
      await expect(createReview(s, { unique, ...review({ pics: [mine, theirs] }) })).rejects.toMatchObject({
        code: 'refused',
        message: REVIEW_TEXT.pics,
      });
      await expect(createReview(s, { unique, ...review({ pics: ['/media/u000000000000000000000000.webp'] }) })).rejects.toThrow(
        REVIEW_TEXT.pics,
      );
      for (const pic of ['/media/p1-1.svg', 'https://evil.example/x.webp', '/media/../x.webp', 42]) {
        await expect(createReview(s, { unique, ...review({ pics: [pic] }) }), String(pic)).rejects.toMatchObject({
          code: 'invalid',
          message: REVIEW_TEXT.pics,
        });
      }
      await expect(createReview(s, { unique, ...review({ pics: Array(7).fill(mine) }) })).rejects.toThrow('最多上传6张图片');
      // An absolute URL of an upload is ours only on our own origin (the request's, or the configured site's).
      const here = { ...s, origins: new Set(['http://shop.example']) };
      for (const pic of [`http://evil.example${mine}`, `http://user@shop.example${mine}`, `http://shop.example${mine}#x`]) {
        await expect(createReview(here, { unique, ...review({ pics: [pic] }) }), pic).rejects.toMatchObject({ message: REVIEW_TEXT.pics });
      }
      expect(await repliesOf(d, unique)).toHaveLength(0);
      const site = new URL((await cachedSiteConfig(s)).site_url).origin;
      await expect(
        createReview(here, { unique, ...review({ pics: [`http://shop.example${mine}`, `${site}${mine}`, mine] }) }),
      ).resolves.toMatchObject({ status: 3 });
      expect((await repliesOf(d, unique))[0]!.pics).toEqual([mine]);
    });

    it('takes one picture sent as a string (or pictures as csv) for the list', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { items } = await boughtItems(d, s, [await pickSku(d)]);
      const pic = async () => (await uploadImage(s, { bytes: await photo('png', { width: 40, height: 40 }) })).path;
      const [one, two] = [await pic(), await pic()];
      await expect(createReview(s, { unique: items[0]!.unique, ...review({ pics: 'https://evil.example/x.webp' }) })).rejects.toMatchObject(
        {
          code: 'invalid',
          message: REVIEW_TEXT.pics,
        },
      );
      await createReview(s, { unique: items[0]!.unique, ...review({ pics: one }) });
      expect((await repliesOf(d, items[0]!.unique))[0]!.pics).toEqual([one]);
      const more = await boughtItems(d, s, [await pickSku(d)]);
      await createReview(s, { unique: more.items[0]!.unique, ...review({ pics: `${one},${two}` }) });
      expect((await repliesOf(d, more.items[0]!.unique))[0]!.pics).toEqual([one, two]);
    });

    it('checks scores and the comment with clear messages', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { items } = await boughtItems(d, s, [await pickSku(d)]);
      const unique = items[0]!.unique;
      const refusals: [Record<string, unknown>, string][] = [
        [{ product_score: 0 }, '请给商品打分（1-5星）'],
        [{ service_score: 6 }, '请给服务打分（1-5星）'],
        [{ postage_score: 2.5 }, '请给物流打分（1-5星）'],
        [{ postage_score: undefined }, '请给物流打分（1-5星）'],
        [{ comment: '   ' }, '请填写评价内容'],
        [{ comment: '好'.repeat(501) }, '评价内容不能超过500个字'],
        [{ comment: ['好'] }, '请填写评价内容'],
      ];
      for (const [extra, message] of refusals) {
        await expect(createReview(s, { unique, ...review(extra) }), JSON.stringify(extra)).rejects.toMatchObject({
          code: 'invalid',
          message,
        });
      }
      await expect(createReview(s, { unique: 'abc', ...review() })).rejects.toMatchObject({ code: 'invalid' });
      // 500 characters as a shopper counts them (an emoji is one), scores as digits.
      const comment = '👍'.repeat(500);
      await expect(createReview(s, { unique, ...review({ comment, product_score: '4' }) })).resolves.toMatchObject({ status: 3 });
      expect((await repliesOf(d, unique))[0]).toMatchObject({ comment, rate: 4 });
    });

    it("a flash-sale page shows its product's reviews, so a new review of that product drops it", async () => {
      const d = await open();
      const shown = new Set<string>();
      const [offer] = await d.db
        .select({ id: seckillProduct.productId, origin: seckillProduct.originProductId })
        .from(seckillProduct)
        .limit(1);
      await collectShown(shown, () => listReviews(visitorContext(d), { id: offer!.id }));
      expect(shown).toContain(`product:${offer!.origin}`);
    });
  });
}
