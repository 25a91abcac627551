import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The nicknames of the shoppers behind a merchant's rows (orders, refund requests), by uid; each uid read once. */
export async function buyerNicknames(db: Db, uids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ uid: users.uid, nickname: users.nickname })
    .from(users)
    .where(inArray(users.uid, [...new Set(uids)]));
  return new Map(rows.map((b) => [b.uid, b.nickname]));
}
