/**
 * Builds the bench mall: `npx tsx scripts/seed-large.ts [products] [merchants]` (defaults 50000 200).
 * Uses DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data) like the server; stop the
 * server first when using PGlite (one process per data directory). Safe to re-run.
 */
import { openDatabase } from '../src/server/db/client.ts';
import { seedLarge } from '../src/server/db/seed/catalogue-large.ts';

const products = Number(process.argv[2] ?? process.env.LARGE_PRODUCTS ?? 50_000);
const merchants = Number(process.argv[3] ?? process.env.LARGE_MERCHANTS ?? 200);
if (!Number.isInteger(products) || !Number.isInteger(merchants) || products < 1 || merchants < 1) {
  console.error('usage: npx tsx scripts/seed-large.ts [products] [merchants]');
  process.exit(2);
}

const started = performance.now();
const database = await openDatabase({ seed: true });
console.log(`[seed-large] ${database.kind} database open in ${((performance.now() - started) / 1000).toFixed(1)} s`);
let last = 0;
const result = await seedLarge(database.db, {
  products,
  merchants,
  onProgress: (done, total) => {
    if (done - last >= 5000 || done === total) {
      last = done;
      console.log(`[seed-large] ${done}/${total} products (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  },
});
await database.close();
console.log(
  `[seed-large] ${result.products} products, ${result.merchants} shops in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
