import { sql } from 'drizzle-orm';
import { endpoint, ok } from '../../server/http/envelope.ts';

/** Liveness for load balancers and the start-up warm-up: answers once the database is open and seeded. */
export const GET = endpoint(async (ctx) => {
  await ctx.db.execute(sql`select 1`);
  return ok({ db: 'ok' });
});
