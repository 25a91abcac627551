import { resolve } from 'node:path';

/** Process configuration, read once from the environment. Documented in README.md. */
export const config = {
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: process.env.DATABASE_URL || '',
  /** Where PGlite keeps its files; `memory://` keeps the database in memory (tests). */
  dataDir: process.env.DATA_DIR || resolve(process.cwd(), 'data'),
  migrationsDir: process.env.MIGRATIONS_DIR || resolve(process.cwd(), 'src/server/db/migrations'),
  /** Public base URL of the mall, used for absolute links (QR codes, canonical URLs). */
  siteUrl: (process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`).replace(/\/+$/, ''),
  /** Skip the demo seed (an operator database that is filled by other means). */
  seed: process.env.SEED !== 'none',
  /** Test mode exposes nothing extra over HTTP; it only relaxes nothing security-relevant. */
  isTest: process.env.MALLFRONT_TEST === '1',
};
