// The address limit and the single default on a real PostgreSQL 15 server, where parallel requests really run
// at once (PGlite has one connection and queues transactions): the shopper's row lock must hold them off.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { startPostgres } from '../../../../tests/helpers/postgres-server.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { userAddress } from '../../db/schema/index.ts';
import { createSession, findSessionUser } from '../session/sessions.ts';
import type { ServiceContext } from '../context.ts';
import { saveAddress } from './save-address.ts';
import { setDefaultAddress } from './set-default-address.ts';

let pg: Awaited<ReturnType<typeof startPostgres>>;
let server: Database;
let ctx: ServiceContext;

beforeAll(async () => {
  pg = await startPostgres();
  server = await openDatabase({ databaseUrl: pg.url });
  const user = await findSessionUser(server.db, (await createSession(server.db, 2)).token);
  ctx = { db: server.db, user };
}, 120000);

afterAll(async () => {
  await server?.close();
  pg?.stop();
});

describe('addresses on PostgreSQL 15', () => {
  it('never passes 50 addresses or one default, however many requests arrive at once', async () => {
    const area = [{ id: 44 }, { id: 4403 }, { id: 440305 }, { id: 440305007 }];
    const input = { area, real_name: '并发', phone: '13700137000', detail: '科技园', is_default: 1 };
    await server.db
      .insert(userAddress)
      .values(Array.from({ length: 40 }, (_, i) => ({ uid: 2, realName: `收货人${i}`, phone: '+8613700137000', detail: `${i} 号` })));
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => saveAddress(ctx, input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rows = await server.db.select().from(userAddress).where(eq(userAddress.uid, 2));
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);

    await Promise.all(rows.slice(0, 12).map((r) => setDefaultAddress(ctx, { id: r.addressId })));
    const after = await server.db.select().from(userAddress).where(eq(userAddress.uid, 2));
    expect(after.filter((r) => r.isDefault)).toHaveLength(1);
  });
});
