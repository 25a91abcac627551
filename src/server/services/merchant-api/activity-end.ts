import { and, type Column, eq, exists, gt, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { presell, productSku, seckillProduct } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { mallDate, now } from '../dates.ts';
import { writeSkus, type SkuChange } from './activity-copy.ts';
import { lockSkus, rollUp } from './product-writes.ts';

/**
 * An activity offer's end (flash sales, presales): the stock left on it goes back to the product it was reserved from.
 *
 * Each offer SKU's remaining pieces move to the product's SKU with the same spec values (`sku`), in one transaction
 * under both products' SKU locks (`lockSkus`, checkout's order), the offer SKU left at 0, both products rolled up and
 * their pages dropped. Exactly once: what moves is read under the locks, so a second run (or one at the same time)
 * finds nothing left to move. An offer SKU whose product SKU the shop has removed since keeps its pieces: they have
 * nowhere to go, and stay on the ended offer for the shop to see (`origin_unique` empty) and write off with a negative
 * `add`.
 *
 * Queued (`activity.end`) by the writes that set the end (create, update) for the moment it comes, and due at once by a
 * restock onto an offer that has already ended (a cancelled order, a refund); the hourly housekeeping sweeps up ended
 * offers no job was queued for (a database from before this job, the demo seed).
 */

const DAY_MS = 86_400_000;

/** A flash sale whose last day is `endDay` is over at the mall midnight after it (the catalogue's `today > end_day`). */
export const seckillEndsAt = (endDay: string): Date => new Date(Date.parse(`${endDay}T00:00:00+08:00`) + DAY_MS);

/** A presale is over once its `end_time` has passed (the catalogue's: in progress while now ≤ end_time). */
export const presellEndsAt = (endTime: Date): Date => new Date(endTime.getTime() + 1);

/** The product the offer was taken from and the instant the offer ends, or null when `productId` is no offer. */
async function offerEnd(db: Db | Tx, productId: number, lock = false): Promise<{ originId: number; endsAt: Date } | null> {
  const sk = db
    .select({ originId: seckillProduct.originProductId, endDay: seckillProduct.endDay })
    .from(seckillProduct)
    .where(eq(seckillProduct.productId, productId));
  const [s] = lock ? await sk.for('update') : await sk;
  if (s) return { originId: s.originId, endsAt: seckillEndsAt(s.endDay) };
  const pr = db
    .select({ originId: presell.originProductId, endTime: presell.endTime })
    .from(presell)
    .where(eq(presell.productId, productId));
  const [p] = lock ? await pr.for('update') : await pr;
  return p ? { originId: p.originId, endsAt: presellEndsAt(p.endTime) } : null;
}

/**
 * Queues the end of offer `productId` (in the caller's transaction): keyed by its end, due then, so queueing again for an
 * unchanged end adds nothing and a changed end adds its own job; an offer that has already ended is due at once.
 */
export async function queueOfferEnd(db: Db | Tx, productId: number, endsAt: Date, at = now()): Promise<void> {
  if (endsAt > at) await enqueue(db, 'activity.end', { productId }, { runAt: endsAt, key: `${productId}@${endsAt.getTime()}` });
  else await enqueue(db, 'activity.end', { productId }, { runAt: at });
}

/**
 * Of `offers` (flash-sale copies, `product_type` 1, and presale copies, 2: what the restock read off their product rows),
 * those that have ended by `at` get their end queued (due at once): stock just put back on them moves on. Normal products
 * cost no query.
 */
export async function queueEndIfEnded(tx: Tx, offers: { productId: number; type: 1 | 2 }[], at = now()): Promise<void> {
  const of = (type: 1 | 2) => [...new Set(offers.filter((o) => o.type === type).map((o) => o.productId))];
  const seckills = of(1);
  const presells = of(2);
  const ended = [
    ...(seckills.length
      ? await tx
          .select({ id: seckillProduct.productId })
          .from(seckillProduct)
          .where(and(inArray(seckillProduct.productId, seckills), lt(seckillProduct.endDay, mallDate(at))))
      : []),
    ...(presells.length
      ? await tx
          .select({ id: presell.productId })
          .from(presell)
          .where(and(inArray(presell.productId, presells), lt(presell.endTime, at)))
      : []),
  ];
  for (const { id } of ended) await queueOfferEnd(tx, id, at, at);
}

/**
 * Moves what is left on offer `productId` back to its product if the offer has ended by `at` (by its settings as they
 * are now, read under the locks); otherwise, or when nothing is left, changes nothing. Returns the pieces moved.
 */
export async function returnOfferStock(db: Db, productId: number, at = now()): Promise<number> {
  const first = await offerEnd(db, productId);
  if (!first || first.endsAt > at) return 0;
  const originId = first.originId;
  return transaction(db, async (tx) => {
    const locked = await lockSkus(tx, originId, productId);
    // The end as it is now (held until commit): an end moved later meanwhile leaves the stock where it is.
    const end = await offerEnd(tx, productId, true);
    if (!end || end.endsAt > at) return 0;
    const origins = new Map(locked.filter((s) => s.productId === originId).map((s) => [s.sku, s]));
    const back: SkuChange[] = [];
    const offer: SkuChange[] = [];
    let moved = 0;
    for (const s of locked) {
      if (s.productId !== productId || s.stock <= 0) continue;
      const o = origins.get(s.sku);
      // The product no longer sells these spec values: the pieces stay on the ended offer (see above).
      if (!o) continue;
      back.push({ unique: o.unique, stock: o.stock + s.stock });
      offer.push({ unique: s.unique, stock: 0 });
      moved += s.stock;
    }
    if (!moved) return 0;
    await writeSkus(tx, [...back, ...offer]);
    await rollUp(tx, originId);
    await rollUp(tx, productId);
    invalidate(tx, [tag('product', productId), tag('stock', originId)]);
    return moved;
  });
}

/** The `activity.end` job: `returnOfferStock` at the job's time (an end moved later meanwhile: nothing; its own job comes). */
export const endOffer: JobDefinition<{ productId: number }> = {
  async run({ productId }, { db, now: at }) {
    await returnOfferStock(db, productId, at);
  },
};

/**
 * Ended offers that still hold stock their product could take back (an offer SKU above 0 whose product has a SKU of the
 * same spec values): the ones no job was queued for. Returns the pieces moved.
 */
export async function sweepEndedOffers(db: Db, at = now()): Promise<number> {
  const origin = alias(productSku, 'origin_sku');
  const left = (offerId: Column, originId: Column) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(productSku)
        .innerJoin(origin, and(eq(origin.productId, originId), eq(origin.sku, productSku.sku)))
        .where(and(eq(productSku.productId, offerId), gt(productSku.stock, 0))),
    );
  const ids = [
    ...(await db
      .select({ id: seckillProduct.productId })
      .from(seckillProduct)
      .where(and(lt(seckillProduct.endDay, mallDate(at)), left(seckillProduct.productId, seckillProduct.originProductId)))),
    ...(await db
      .select({ id: presell.productId })
      .from(presell)
      .where(and(lt(presell.endTime, at), left(presell.productId, presell.originProductId)))),
  ];
  let moved = 0;
  for (const { id } of ids) moved += await returnOfferStock(db, id, at);
  return moved;
}
