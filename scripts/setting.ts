/**
 * Reads or sets an operator setting (`system_config`) from the command line, on DATABASE_URL or DATA_DIR like the
 * server (stop the server first when using PGlite: one process per data directory).
 *   npx tsx scripts/setting.ts order_cancel_minutes        → prints the value
 *   npx tsx scripts/setting.ts order_cancel_minutes 30     → sets it (the value is JSON when it parses, else text)
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { systemConfig } from '../src/server/db/schema/index.ts';

const [key, raw] = process.argv.slice(2);
if (!key || !/^[a-z_]{1,60}$/.test(key)) {
  console.error('usage: npx tsx scripts/setting.ts <key> [value]');
  process.exit(2);
}
// Migrated and seeded as the server would open it: the demo only where SEED is not `none`.
const database = await openDatabase();
try {
  if (raw === undefined) {
    const [row] = await database.db.select().from(systemConfig).where(eq(systemConfig.key, key));
    console.log(row ? JSON.stringify(row.value) : '(not set)');
  } else {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      /* plain text */
    }
    await database.db
      .insert(systemConfig)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedAt: new Date() } });
    console.log(`${key} = ${JSON.stringify(value)}`);
  }
} finally {
  await database.close();
}
