import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { config, ConfigError } from '../config.ts';
import { seedDemo } from './seed/index.ts';
import { withJobRunner } from '../jobs/start.ts';
import { lockDataDir, DataDirLockedError } from './data-dir-lock.ts';
import { preparePglite } from './prepared.ts';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';
import { withCacheBus } from '../http/cache-bus.ts';
import { checkPaymentSettings } from '../payment/index.ts';
import { checkSmsSettings } from '../auth/sms/index.ts';
import { checkLogisticsSettings } from '../logistics/index.ts';

/**
 * What services query: the top-level database of either driver (PGlite, node-postgres) or a transaction on it.
 * Both drivers' databases and their transactions are PgDatabase subclasses with this schema, so no cast is needed.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction (or savepoint) on a Db; it is itself a Db. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already initialised PGlite, in this thread or its own (tests clone one from a migrated template). */
  pglite?: PGlite | PgliteThread;
  migrate?: boolean;
  seed?: boolean;
}

/** The advisory lock key under which a PostgreSQL database is migrated and seeded (one process at a time). */
const MIGRATION_LOCK = 7_264_001;

/** Opens the database, applies the generated migrations and (by default) the idempotent demo seed. */
export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  const url = opts.databaseUrl ?? config.databaseUrl;
  let database: Database;
  if (url && !opts.pglite) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX || 10) });
    const db: Db = drizzlePg(pool, { schema });
    // Several processes may open one database at once (WORKERS, a rolling deploy): the first migrates and seeds while
    // the others wait on the advisory lock, then find both done.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      if (opts.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder: config.migrationsDir });
      database = await withCacheBus({ db, kind: 'postgres', close: () => pool.end() }, pool);
      if (opts.seed ?? config.seed) await seedDemo(database.db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return database;
  } else {
    const opened = opts.pglite ? { client: opts.pglite, release: () => {} } : await openPglite(opts.dataDir ?? config.dataDir);
    const client = opened.client;
    preparePglite(client);
    // Drizzle's PGlite session calls only `query` and `transaction`, which the database thread answers as PGlite does.
    const pdb = drizzlePglite(client as PGlite, {
      schema,
      logger: process.env.QUERY_LOG ? { logQuery: (q: string) => console.log('[q]', q.replace(/\s+/g, ' ').slice(0, 220)) } : false,
    });
    if (opts.migrate !== false) await migratePglite(pdb, { migrationsFolder: config.migrationsDir });
    database = {
      db: pdb,
      kind: 'pglite',
      close: async () => {
        await client.close();
        opened.release();
      },
    };
  }
  if (opts.seed ?? config.seed) await seedDemo(database.db);
  return database;
}

/**
 * The server's PGlite runs in its own thread (pglite-thread.ts) unless `PGLITE_THREAD=off`; tests that pass a PGlite
 * run it in theirs.
 */
async function openPglite(dataDir: string): Promise<{ client: PGlite | PgliteThread; release: () => void }> {
  const open = (dir: string) => (config.pgliteThread ? openPgliteThread(dir) : PGlite.create(dir));
  if (dataDir.startsWith('memory://')) return { client: await open(dataDir), release: () => {} };
  // PGlite's NodeFS creates only the last folder of the path.
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    return { client: await open(`${dataDir}/pglite`), release };
  } catch (err) {
    release();
    throw err;
  }
}

type Holder = { __mallfrontDatabase?: Promise<Database> };

/**
 * The process-wide database. Opened once at server start (server/serve.mjs warms it up), after the payment, SMS and
 * tracking settings are checked, with the job runner (src/server/jobs); a test harness can install its own with `useDatabase` before
 * the server handles a request.
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as Holder;
  g.__mallfrontDatabase ??= Promise.resolve()
    .then(() => {
      checkPaymentSettings();
      checkSmsSettings();
      checkLogisticsSettings();
    })
    .then(() => openDatabase())
    .then(withJobRunner)
    .catch((err: unknown) => {
      // A half-open embedded database must not poison every later request: report and stop the process.
      if (err instanceof ConfigError) console.error(`[mallfront] cannot start: ${err.message}`);
      else console.error('[mallfront] could not open the database:', err instanceof DataDirLockedError ? err.message : err);
      process.exit(1);
    });
  return g.__mallfrontDatabase;
}

export function useDatabase(database: Database): void {
  (globalThis as Holder).__mallfrontDatabase = Promise.resolve(database);
}
