// The production path: the same migrations, seed and services on a real PostgreSQL 15 server.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { usePostgres } from '../../../tests/helpers/postgres-server.ts';
import { openDatabase, type Database } from './client.ts';
import { seedDemo } from './seed/index.ts';
import { getSiteConfig } from '../services/site/get-site-config.ts';
import { getHome } from '../services/site/get-home.ts';
import { listHotKeywords } from '../services/site/list-hot-keywords.ts';
import { listCountryOptions, listCurrencyOptions } from '../services/locale/list-options.ts';
import { countCart } from '../services/cart/count-cart.ts';
import { createSession, findSessionUser } from '../services/session/sessions.ts';

const pg = usePostgres(120000);

describe('PostgreSQL 15 (DATABASE_URL)', () => {
  it('opens on node-postgres with the generated migrations applied', () => {
    expect(pg.server.kind).toBe('postgres');
  });

  it('answers the shell calls exactly like the embedded PGlite', async () => {
    const ctx = { db: pg.server.db, user: null };
    const ref = { db: pg.embedded.db, user: null };
    expect(await getSiteConfig(ctx)).toEqual(await getSiteConfig(ref));
    expect(await getHome(ctx)).toEqual(await getHome(ref));
    expect(await listHotKeywords(ctx)).toEqual(await listHotKeywords(ref));
    for (const keyword of ['', '中', 'united', '+44', 'JP']) {
      expect(await listCountryOptions(ctx, { keyword })).toEqual(await listCountryOptions(ref, { keyword }));
      expect(await listCurrencyOptions(ctx, { keyword, page: 2, limit: 5 })).toEqual(
        await listCurrencyOptions(ref, { keyword, page: 2, limit: 5 }),
      );
    }
  });

  it('keeps sessions and counts the cart on the server database', async () => {
    const { token } = await createSession(pg.server.db, 1);
    const user = await findSessionUser(pg.server.db, token);
    expect(user?.nickname).toBe('会员小米');
    expect(await countCart({ db: pg.server.db, user })).toEqual([{ count: 3 }]);
  });

  it('re-applying migrations and the seed on restart changes nothing', async () => {
    const before = await listCountryOptions({ db: pg.server.db }, { limit: 100 });
    const again = await openDatabase({ databaseUrl: pg.url });
    await seedDemo(again.db);
    expect(await listCountryOptions({ db: again.db }, { limit: 100 })).toEqual(before);
    await again.close();
  });
});
