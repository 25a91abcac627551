// Arrival notices (到货通知) delivered, on a real database: PGlite (arrival-notice.test.ts) and PostgreSQL 15
// (arrival-notice.postgres.test.ts), where several runners really claim at once. Each test makes its own product and
// shoppers and reads only their messages.
import { describe, it, expect, beforeEach } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { arrivalNotice, job, productSku } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { installMemorySms } from '../../../../tests/helpers/auth.ts';
import { asMerchant, twoSkuProduct, uniqueOf } from '../../../../tests/helpers/merchant-api.ts';
import { addLine, newShopper, placeOrder, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { changeMerchantProductStock, setMerchantProductStatus } from '../merchant-api/product-writes.ts';
import { cancelOrder } from '../order/cancel-order.ts';
import { configuredSiteOrigin } from '../../seo/site-origin.ts';
import { subscribeArrival } from './subscribe-arrival.ts';
import { ARRIVAL_TEXT, notifyArrivals, sendArrivalNotices } from './arrival-notice.ts';
import { housekeeping } from '../../jobs/housekeeping.ts';

const MER = 17;

export function arrivalNoticeSuite(open: () => Promise<Database>) {
  let sms: ReturnType<typeof installMemorySms>;
  beforeEach(() => {
    sms = installMemorySms();
  });

  /** The arrival notices the shoppers' phones received, in order. */
  const received = (shoppers: Shopper[]) => {
    const phones = new Set(shoppers.map((s) => s.user.phone));
    return sms.messages.filter((m) => phones.has(m.phone) && m.type === 'arrival_notice');
  };
  const runNotices = (d: Database) => runDueJobs(d.db, { 'arrival.notify': notifyArrivals }, { worker: 'arrival-test', limit: 50 });
  const queuedFor = async (d: Database, productId: number) =>
    (
      await d.db
        .select({ payload: job.payload })
        .from(job)
        .where(and(eq(job.kind, 'arrival.notify'), eq(job.state, 'queued')))
    ).filter((j) => (j.payload as { productId?: number }).productId === productId).length;

  /** A product of the shop whose 红色 SKU is sold out (灰色 has 50). */
  async function soldOutRed(d: Database) {
    const m = await asMerchant(d, MER);
    const p = await twoSkuProduct(d, m, '到货保温杯');
    const red = uniqueOf(p, '红色');
    await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, stock: 0 }] });
    return { m, p, red };
  }

  describe('arrival notices', () => {
    it('each shopper waiting for a sold-out SKU gets one SMS when the shop restocks it, and not again without asking again', async () => {
      const d = await open();
      const { m, p, red } = await soldOutRed(d);
      const [a, b, other] = [await newShopper(d), await newShopper(d), await newShopper(d)];
      for (const s of [a, b, a]) await subscribeArrival(s, { unique: red, product_id: p.product_id, type: 1 });
      // Nobody is told while it is sold out, and nothing is queued for it.
      await runNotices(d);
      expect(received([a, b, other])).toEqual([]);
      expect(await queuedFor(d, p.product_id)).toBe(0);

      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, add: 3 }] });
      expect(await queuedFor(d, p.product_id)).toBe(1);
      await runNotices(d);
      const origin = await configuredSiteOrigin(d);
      const text = ARRIVAL_TEXT.sms(p.store_name, '红色', origin && `${origin}/goods_detail/${p.product_id}`);
      expect(text).toContain(p.store_name);
      expect(received([a, b, other])).toEqual([
        { phone: a.user.phone, phone_code: '86', type: 'arrival_notice', text },
        { phone: b.user.phone, phone_code: '86', type: 'arrival_notice', text },
      ]);

      // Sold out and back again: nobody asked again, nobody is told again.
      await runNotices(d);
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, stock: 0 }] });
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, stock: 5 }] });
      await runNotices(d);
      expect(received([a, b, other])).toHaveLength(2);

      // Asking again while it is sold out re-arms the notice.
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, stock: 0 }] });
      await subscribeArrival(b, { unique: red, product_id: p.product_id });
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, add: 1 }] });
      await runNotices(d);
      expect(received([a, b, other]).map((x) => x.phone)).toEqual([a.user.phone, b.user.phone, b.user.phone]);
    });

    it('stock back from a cancelled order tells the waiting shopper, but only once the product is on the shelf', async () => {
      const d = await open();
      const { m, p, red } = await soldOutRed(d);
      const grey = uniqueOf(p, '灰色');
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, stock: 1 }] });
      const buyer = await newShopper(d);
      const { order } = await placeOrder(buyer, [
        await addLine(buyer, { productId: p.product_id, unique: red, merId: MER, price: 13950, stock: 1 }, 1),
      ]);
      const waiting = await newShopper(d);
      await subscribeArrival(waiting, { unique: red, product_id: p.product_id });

      // Off the shelf, the piece back from the cancelled order is not offered to anyone.
      await setMerchantProductStatus(m, { id: p.product_id, status: 0 });
      await cancelOrder(buyer, { id: order.order_id });
      await runNotices(d);
      expect(received([waiting, buyer])).toEqual([]);
      expect((await d.db.select().from(arrivalNotice).where(eq(arrivalNotice.uid, waiting.user.uid)))[0]).toMatchObject({ status: 0 });

      await setMerchantProductStatus(m, { id: p.product_id, status: 1 });
      await runNotices(d);
      expect(received([waiting, buyer]).map((x) => x.phone)).toEqual([waiting.user.phone]);
      // The other SKU's stock changing says nothing more.
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: grey, add: 1 }] });
      await runNotices(d);
      expect(received([waiting, buyer])).toHaveLength(1);
    });

    it('runners claiming at once send each notice exactly once, a batch at a time', async () => {
      const d = await open();
      const { m, p, red } = await soldOutRed(d);
      const shoppers = await Promise.all(Array.from({ length: 9 }, () => newShopper(d)));
      for (const s of shoppers) await subscribeArrival(s, { unique: red, product_id: p.product_id });
      await changeMerchantProductStock(m, { id: p.product_id, list: [{ unique: red, add: 1 }] });
      // Three runners of batches of 2 at once, then until none is left.
      const sent = await Promise.all([1, 2, 3].map(() => sendArrivalNotices(d.db, p.product_id, 2)));
      expect(sent).toEqual([2, 2, 2]);
      let more: number;
      do more = await sendArrivalNotices(d.db, p.product_id, 2);
      while (more);
      const phones = received(shoppers).map((x) => x.phone);
      expect(phones).toHaveLength(9);
      expect(new Set(phones).size).toBe(9);
      expect(
        await d.db
          .select()
          .from(arrivalNotice)
          .where(and(eq(arrivalNotice.productId, p.product_id), eq(arrivalNotice.status, 0))),
      ).toEqual([]);
    });

    it('housekeeping queues the notices no write queued (stock changed outside the services)', async () => {
      const d = await open();
      const { p, red } = await soldOutRed(d);
      const s = await newShopper(d);
      await subscribeArrival(s, { unique: red, product_id: p.product_id });
      await d.db.update(productSku).set({ stock: 4 }).where(eq(productSku.unique, red));
      await runNotices(d);
      expect(received([s])).toEqual([]);
      await housekeeping.run({}, { db: d.db, now: new Date(), job: undefined as never });
      await runNotices(d);
      expect(received([s]).map((x) => x.phone)).toEqual([s.user.phone]);
    });
  });
}
