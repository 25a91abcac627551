import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { arrivalNotice, merchant, product, productSku, users } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/runner.ts';
import { getSmsProvider } from '../../auth/sms/index.ts';
import { configuredSiteOrigin } from '../../seo/site-origin.ts';
import { maskPhone } from '../user/get-user.ts';

/** Notices claimed and sent by one run; a run that fills it queues the next at once. */
export const ARRIVAL_BATCH = 100;

export const ARRIVAL_TEXT = {
  sms: (name: string, sku: string, link: string | null) =>
    `您订阅到货通知的「${name}」${sku ? `（${sku}）` : ''}已到货，库存有限，欢迎选购${link ? `：${link}` : '。'}`,
} as const;

/**
 * Waiting notices whose SKU can be bought now: stock above zero, its product on the shelf in an open shop (what
 * `subscribeArrival` and the product page ask). `productIds` narrows them to those products' SKUs in stock, found by
 * the SKUs' and the notices' indexes (a cancelled order asks this, whatever the number of notices).
 */
function ready(db: Db | Tx, productIds?: number[]) {
  const inStock = (ids: number[]) =>
    db
      .select({ unique: productSku.unique })
      .from(productSku)
      .where(and(inArray(productSku.productId, ids), gt(productSku.stock, 0)));
  return and(
    eq(arrivalNotice.status, 0),
    productIds ? inArray(arrivalNotice.unique, inStock(productIds)) : undefined,
    gt(productSku.stock, 0),
    eq(product.status, 1),
    eq(merchant.status, true),
  );
}

const readyRows = (db: Db | Tx) =>
  db
    .select({ id: arrivalNotice.id })
    .from(arrivalNotice)
    .innerJoin(productSku, and(eq(productSku.unique, arrivalNotice.unique), eq(productSku.productId, arrivalNotice.productId)))
    .innerJoin(product, eq(product.productId, arrivalNotice.productId))
    .innerJoin(merchant, eq(merchant.merId, product.merId));

/**
 * Queues the `arrival.notify` job of `productIds`, in the caller's transaction, when one of their waiting notices can
 * be sent now: called by every write that puts stock back or a product on the shelf (a cancelled order or a refund
 * restocked, a shop's stock or product edit, an offer's stock back on its product). Nothing is queued when nobody waits.
 */
export async function queueArrivalNotices(tx: Db | Tx, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return;
  for (const productId of ids) {
    const [waiting] = await readyRows(tx)
      .where(ready(tx, [productId]))
      .limit(1);
    if (waiting) await enqueue(tx, 'arrival.notify', { productId });
  }
}

interface Claimed {
  id: number;
  phone: string;
  phoneCode: string;
  productId: number;
  productType: number;
  name: string;
  sku: string;
}

/**
 * Claims up to `limit` notices that can be sent (status 0 → 1, in one transaction: a notice is claimed once,
 * whoever runs at the same time), then sends each by SMS after the commit, so no network call holds the database. A
 * notice whose SMS fails is logged and not sent again (the shopper sees the stock on the product page either way).
 * Returns how many were claimed.
 */
export async function sendArrivalNotices(db: Db, productId?: number, limit = ARRIVAL_BATCH): Promise<number> {
  const claimed = await transaction(db, async (tx): Promise<Claimed[]> => {
    const due = readyRows(tx)
      .where(ready(tx, productId === undefined ? undefined : [productId]))
      .orderBy(asc(arrivalNotice.id))
      .limit(limit)
      .for('update', { of: arrivalNotice, skipLocked: true });
    const rows = await tx
      .update(arrivalNotice)
      .set({ status: 1 })
      .where(and(inArray(arrivalNotice.id, due), eq(arrivalNotice.status, 0)))
      .returning({ id: arrivalNotice.id, uid: arrivalNotice.uid, productId: arrivalNotice.productId, unique: arrivalNotice.unique });
    if (!rows.length) return [];
    const detail = await tx
      .select({
        id: arrivalNotice.id,
        phone: users.phone,
        phoneCode: users.phoneCode,
        productId: product.productId,
        productType: product.productType,
        name: product.storeName,
        sku: productSku.sku,
      })
      .from(arrivalNotice)
      .innerJoin(users, eq(users.uid, arrivalNotice.uid))
      .innerJoin(product, eq(product.productId, arrivalNotice.productId))
      .innerJoin(productSku, eq(productSku.unique, arrivalNotice.unique))
      .where(
        inArray(
          arrivalNotice.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(arrivalNotice.id));
    return detail;
  });
  if (!claimed.length) return 0;
  const origin = await configuredSiteOrigin({ db }).catch(() => null);
  for (const n of claimed) {
    // A normal product's page is named by its id; a flash sale's or presale's SMS names the product only.
    const link = origin && n.productType === 0 ? `${origin}/goods_detail/${n.productId}` : null;
    try {
      await getSmsProvider().send({
        phone: n.phone,
        phone_code: n.phoneCode,
        type: 'arrival_notice',
        text: ARRIVAL_TEXT.sms(n.name, n.sku, link),
      });
    } catch (err) {
      console.error(`[mallfront] arrival notice ${n.id} to ${maskPhone(n.phone)} not sent: ${(err as Error).message}`);
    }
  }
  return claimed.length;
}

/** The `arrival.notify` job: a product's notices that can be sent, a batch at a time (the next batch queued at once). */
export const notifyArrivals: JobDefinition<{ productId?: number }> = {
  async run({ productId }, { db }) {
    const sent = await sendArrivalNotices(db, productId);
    if (sent === ARRIVAL_BATCH) await enqueue(db, 'arrival.notify', { productId });
  },
};

/** Housekeeping: any notice that can be sent and no job was queued for (a write outside the services, older databases). */
export async function sweepArrivalNotices(db: Db): Promise<void> {
  const [any] = await readyRows(db).where(ready(db)).limit(1);
  if (any) await enqueue(db, 'arrival.notify', {});
}
