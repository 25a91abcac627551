import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { countryRows, currencyRows } from './locale.ts';
import { siteConfigRows, topBanner, hotKeywords } from './site.ts';
import { demoUsers, demoCart, DEMO_PASSWORD } from './users.ts';
import { hashPassword } from '../../auth/password.ts';

/**
 * Deterministic, idempotent demo mall. Rows are keyed by natural or fixed ids and inserted with
 * ON CONFLICT DO NOTHING, so a re-run adds what is missing and never overwrites an operator's edits.
 */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(s.systemConfig).values(await siteConfigRows()).onConflictDoNothing();
    await tx
      .insert(s.groupData)
      .values({ groupDataId: 1, groupKey: 'pc_top_banner', value: topBanner, sort: 0 })
      .onConflictDoNothing();
    await tx
      .insert(s.hotKeyword)
      .values(hotKeywords.map((keyword, i) => ({ keyword, sort: 100 - i })))
      .onConflictDoNothing();
    await tx.insert(s.country).values(countryRows()).onConflictDoNothing();
    await tx.insert(s.currency).values(currencyRows()).onConflictDoNothing();
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.users);
    if (n === 0) {
      const pwdHash = await hashPassword(DEMO_PASSWORD);
      await tx.insert(s.users).values(demoUsers.map((u) => ({ ...u, pwdHash }))).onConflictDoNothing();
      await tx.insert(s.cart).values(demoCart).onConflictDoNothing();
    }
    // Explicit ids were inserted: move the sequences past them.
    for (const [table, col] of [['users', 'uid'], ['cart', 'cart_id'], ['group_data', 'group_data_id']] as const) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', '${col}'), greatest((select max(${col}) from ${table}), 1))`),
      );
    }
  });
}
