import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { countryRows, currencyRows } from './locale.ts';
import { siteConfigRows, topBanner, hotKeywords } from './site.ts';
import { demoUsers, demoCart, DEMO_PASSWORD } from './users.ts';
import { hashPassword } from '../../auth/password.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedBuying } from './buying.ts';
import { seedAddresses } from './addresses.ts';
import { seedMerchantTokens } from './merchant-tokens.ts';
import { seedHistory } from './history.ts';
import { seedIntention } from './intention.ts';
import { seedOrderForms } from './order-forms.ts';
import { seedFrames } from './frames.ts';
import { seedHotBanners } from './hot-banners.ts';
import { invalidateCatalogue } from '../../services/cache.ts';
import { transaction } from '../transaction.ts';

/** Raise when the demo seed gains content: a database seeded by an older version gets the additions. */
export const SEED_VERSION = 9;
const MARKER = 'seed_version';

/**
 * Deterministic, idempotent demo mall. Rows are keyed by natural or fixed ids and inserted with
 * ON CONFLICT DO NOTHING, so a re-run never overwrites an operator's edits; a version marker keeps a
 * restart from re-adding demo rows the operator deleted.
 */
export async function seedDemo(db: Db): Promise<void> {
  const [marker] = await db.select().from(s.systemConfig).where(eq(s.systemConfig.key, MARKER));
  if (Number(marker?.value ?? 0) >= SEED_VERSION) return;
  // transaction(): the services the history seed calls join it and their after-commit work runs once it commits.
  await transaction(db, async (tx) => {
    await tx
      .insert(s.systemConfig)
      .values(await siteConfigRows())
      .onConflictDoNothing();
    await tx.insert(s.groupData).values({ groupDataId: 1, groupKey: 'pc_top_banner', value: topBanner, sort: 0 }).onConflictDoNothing();
    await tx
      .insert(s.hotKeyword)
      .values(hotKeywords.map((keyword, i) => ({ keyword, sort: 100 - i })))
      .onConflictDoNothing();
    await tx.insert(s.country).values(countryRows()).onConflictDoNothing();
    await tx.insert(s.currency).values(currencyRows()).onConflictDoNothing();
    // One hash per shopper: each gets its own salt, as a real registration would, so equal hashes never tell
    // that accounts share a password.
    const users = await Promise.all(demoUsers.map(async (u) => ({ ...u, pwdHash: await hashPassword(DEMO_PASSWORD) })));
    await tx.insert(s.users).values(users).onConflictDoNothing();
    await tx.insert(s.cart).values(demoCart).onConflictDoNothing();
    await seedAddresses(tx);
    await seedCatalogue(tx);
    await seedBuying(tx);
    await seedMerchantTokens(tx);
    await seedIntention(tx);
    await seedOrderForms(tx);
    await seedFrames(tx);
    await seedHotBanners(tx);
    // Explicit ids were inserted: move the sequences past them.
    for (const [table, col] of [
      ['users', 'uid'],
      ['cart', 'cart_id'],
      ['group_data', 'group_data_id'],
      ['merchant_form', 'form_id'],
      ['activity_frame', 'frame_id'],
    ] as const) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', '${col}'), greatest((select max(${col}) from ${table}), 1))`),
      );
    }
    // Last: the demo member's favourites, coupons and orders, made through the services on the rows above.
    await seedHistory(tx);
    await tx
      .insert(s.systemConfig)
      .values({ key: MARKER, value: SEED_VERSION })
      .onConflictDoUpdate({ target: s.systemConfig.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
  });
  // New demo rows may show anywhere: other processes on the same PostgreSQL drop what they cached.
  invalidateCatalogue(db);
}
