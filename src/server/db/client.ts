import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { config } from '../config.ts';
import { seedDemo } from './seed/index.ts';
import { withCacheBus } from '../http/cache-bus.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An already initialised PGlite (tests clone one from a migrated template). */
  pglite?: PGlite;
  migrate?: boolean;
  seed?: boolean;
}

/** Opens the database, applies the generated migrations and (by default) the idempotent demo seed. */
export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  const url = opts.databaseUrl ?? config.databaseUrl;
  let database: Database;
  if (url && !opts.pglite) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX || 10) });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(drizzlePg(pool), { migrationsFolder: config.migrationsDir });
    database = await withCacheBus({ db, kind: 'postgres', close: () => pool.end() }, pool);
  } else {
    const client = opts.pglite ?? (await openPglite(opts.dataDir ?? config.dataDir));
    const pdb = drizzlePglite(client, { schema, logger: process.env.QUERY_LOG ? { logQuery: (q: string) => console.log('[q]', q.replace(/\s+/g, ' ').slice(0, 220)) } : false });
    if (opts.migrate !== false) await migratePglite(pdb, { migrationsFolder: config.migrationsDir });
    database = { db: pdb as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  if (opts.seed ?? config.seed) await seedDemo(database.db);
  return database;
}

async function openPglite(dataDir: string): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) return PGlite.create(dataDir);
  // PGlite's NodeFS creates only the last folder of the path.
  await mkdir(dataDir, { recursive: true });
  return PGlite.create(`${dataDir}/pglite`);
}

type Holder = { __mallfrontDatabase?: Promise<Database> };

/**
 * The process-wide database. Opened once at server start (server/serve.mjs warms it up); a test harness can
 * install its own with `useDatabase` before the server handles a request.
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as Holder;
  g.__mallfrontDatabase ??= openDatabase().catch((err: unknown) => {
    // A half-open embedded database must not poison every later request: report and stop the process.
    console.error('[mallfront] could not open the database:', err);
    process.exit(1);
  });
  return g.__mallfrontDatabase;
}

export function useDatabase(database: Database): void {
  (globalThis as Holder).__mallfrontDatabase = Promise.resolve(database);
}
