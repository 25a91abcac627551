/**
 * The bench mall: tops the demo mall up to `products` normal products and `merchants` shops (defaults
 * 50,000 and 200) with the same generators, so the first 600 products are the demo's. Products added here
 * share 8 pictures per category instead of 3 each. Idempotent (fixed ids, ON CONFLICT DO NOTHING);
 * batches of 1,000 products per transaction keep memory flat. Every product is filed under a category of its own
 * shop (each shop gets its categories with it). A product is generated from its id and the shop count, so a re-run
 * (with another count) generates only the ids not there yet: the old ones keep their shop, its category and SKUs.
 */
import { between, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { seedDemo } from './index.ts';
import { LEAF_INFOS } from './catalogue-data.ts';
import { DEMO_MERCHANTS } from './catalogue-merchants.ts';
import { DEMO_PRODUCTS, generateProduct } from './catalogue-products.ts';
import { seedMerchants, seedShopScores } from './catalogue.ts';
import { productImage } from './catalogue-images.ts';
import { insertAll, insertProducts, bumpSequences } from './catalogue-insert.ts';

/** Ids of bench products start here (the demo's activity rows sit between 601 and 1000). */
export const LARGE_FIRST_ID = 1001;
const BATCH = 1000;

export interface LargeOptions {
  products?: number;
  merchants?: number;
  /** Progress callback (products inserted so far). */
  onProgress?: (done: number, total: number) => void;
}

function sharedImages() {
  return LEAF_INFOS.flatMap((leaf) =>
    Array.from({ length: 8 }, (_, k) =>
      productImage(`c${leaf.id}-${k}`, leaf.id * 8 + k, (k % 3) + 1, leaf.top.icon, leaf.name, leaf.groupName),
    ),
  );
}

export async function seedLarge(db: Db, opts: LargeOptions = {}): Promise<{ products: number; merchants: number }> {
  const products = Math.max(DEMO_PRODUCTS, opts.products ?? 50_000);
  const merchants = Math.max(DEMO_MERCHANTS, opts.merchants ?? 200);
  await seedDemo(db);
  await db.transaction(async (tx) => {
    await seedMerchants(tx, DEMO_MERCHANTS + 1, merchants);
    await insertAll(tx, s.media, sharedImages());
  });
  const extra = products - DEMO_PRODUCTS;
  for (let done = 0; done < extra; done += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, extra - done) }, (_, i) => LARGE_FIRST_ID + done + i);
    await db.transaction(async (tx) => {
      const there = await tx
        .select({ id: s.product.productId })
        .from(s.product)
        .where(between(s.product.productId, ids[0]!, ids.at(-1)!));
      const had = new Set(there.map((r) => r.id));
      const items = ids
        .filter((id) => !had.has(id))
        .map((id) => generateProduct(id, { merchantCount: merchants, sharedImages: true, maxReviews: 4 }));
      await insertProducts(tx, items);
    });
    opts.onProgress?.(done + ids.length, extra);
  }
  await seedShopScores(db);
  await bumpSequences(db);
  // Fresh statistics so the planner knows the tables grew a hundredfold, and a visibility map so counts
  // can be answered from the list indexes alone (PGlite runs no autovacuum).
  await db.execute(sql`vacuum analyze`);
  return { products, merchants };
}
