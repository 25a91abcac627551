import type { Database } from '../db/client.ts';
import { appJobs } from './registry.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import { startJobRunner } from './runner.ts';

/**
 * Starts the job runner on the server's database (called once when the server opens it; tests start runners
 * themselves) and makes `close()` stop it first, so shutdown waits for the job in hand before the database goes.
 * `JOBS=off` leaves this process without a runner (another process on the same PostgreSQL runs the jobs).
 */
export async function withJobRunner(database: Database): Promise<Database> {
  if (process.env.JOBS === 'off') return database;
  await scheduleHousekeeping(database.db);
  const runner = startJobRunner(database.db, appJobs);
  const close = database.close;
  return {
    ...database,
    async close() {
      await runner.stop();
      await close();
    },
  };
}
