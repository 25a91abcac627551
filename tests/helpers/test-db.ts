import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { openPgliteThread } from '../../src/server/db/pglite-thread.ts';
import type { ServiceContext, SessionUser } from '../../src/server/services/context.ts';
import { findSessionUser, createSession } from '../../src/server/services/session/sessions.ts';

let template: Promise<PGlite> | undefined;

/** One migrated and seeded in-memory template per worker; every test gets its own clone of it. */
async function getTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const pg = await PGlite.create('memory://');
    await openDatabase({ pglite: pg, migrate: true, seed: true });
    return pg;
  })();
  return template;
}

/** A fresh, seeded database that no other test sees (never the developer's ./data). */
export async function createTestDatabase(): Promise<Database> {
  // clone() is typed as the interface; it is a full PGlite instance.
  const clone = (await (await getTemplate()).clone()) as PGlite;
  return openDatabase({ pglite: clone, migrate: false, seed: false });
}

/** The same, with PGlite in its own thread as the server runs it (src/server/db/pglite-thread.ts). */
export async function createThreadTestDatabase(): Promise<Database> {
  const dump = await (await getTemplate()).dumpDataDir('none');
  return openDatabase({ pglite: await openPgliteThread('memory://', dump), migrate: false, seed: false });
}

export function visitorContext(database: Database): ServiceContext {
  return { db: database.db, user: null };
}

/** Signs a demo user in through the service layer (login itself is the accounts issue). */
export async function userContext(database: Database, uid: number): Promise<ServiceContext & { token: string; user: SessionUser }> {
  const { token } = await createSession(database.db, uid);
  const user = await findSessionUser(database.db, token);
  if (!user) throw new Error(`demo user ${uid} could not sign in`);
  return { db: database.db, user, token };
}
