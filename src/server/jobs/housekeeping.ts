import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { captcha, job, rateLimitHit, scanLogin, sliderCaptcha, smsCode, userSession } from '../db/schema/index.ts';
import { sweepEndedOffers } from '../services/merchant-api/activity-end.ts';
import { sweepArrivalNotices } from '../services/relation/arrival-notice.ts';
import { enqueue } from './queue.ts';
import type { JobDefinition } from './runner.ts';

/** How often housekeeping runs; every process schedules the same slots, and the slot key keeps one job per slot. */
export const HOUSEKEEPING_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Finished jobs are kept this long for inspection (failed ones stay until an operator removes them). */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Queues the housekeeping run of the slot after `now` (idempotent: one job per slot, whoever asks). */
export function scheduleHousekeeping(db: Db, now = new Date()) {
  const slot = Math.floor(now.getTime() / HOUSEKEEPING_EVERY_MS) * HOUSEKEEPING_EVERY_MS + HOUSEKEEPING_EVERY_MS;
  const runAt = new Date(slot);
  return enqueue(db, 'housekeeping', {}, { runAt, key: runAt.toISOString() });
}

/**
 * Deletes rows nothing reads any more: sessions expired or revoked a day ago, SMS codes and scan-login keys a day
 * past expiry, expired captchas (image and slider), rate-limit hits older than the longest window (a day), and jobs finished a week
 * ago.
 */
export async function deleteExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const dayAgo = ago(now, DAY_MS);
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    sessions: await count(
      db
        .delete(userSession)
        .where(or(lt(userSession.expiresAt, dayAgo), and(isNotNull(userSession.revokedAt), lt(userSession.revokedAt, dayAgo))))
        .returning({ id: userSession.id }),
    ),
    smsCodes: await count(db.delete(smsCode).where(lt(smsCode.expiresAt, dayAgo)).returning({ id: smsCode.id })),
    scanLogins: await count(db.delete(scanLogin).where(lt(scanLogin.expiresAt, dayAgo)).returning({ id: scanLogin.id })),
    captchas: await count(db.delete(captcha).where(lt(captcha.expiresAt, now)).returning({ k: captcha.keyHash })),
    sliderCaptchas: await count(db.delete(sliderCaptcha).where(lt(sliderCaptcha.expiresAt, now)).returning({ k: sliderCaptcha.tokenHash })),
    rateLimitHits: await count(db.delete(rateLimitHit).where(lt(rateLimitHit.at, dayAgo)).returning({ id: rateLimitHit.id })),
    jobs: await count(
      db
        .delete(job)
        .where(and(eq(job.state, 'done'), lt(job.finishedAt, ago(now, DONE_JOBS_KEPT_MS))))
        .returning({ id: job.id }),
    ),
  };
}

/**
 * The next run is queued first, so the hourly chain holds even when this run fails. Then old rows go, and the stock
 * left on ended activity offers goes back to their products (`sweepEndedOffers`), and arrival notices that can go out
 * and have no job are queued (`sweepArrivalNotices`).
 */
export const housekeeping: JobDefinition<Record<string, never>> = {
  async run(_payload, { db, now }) {
    await scheduleHousekeeping(db, now);
    await deleteExpired(db, now);
    // Ended flash sales and presales no `activity.end` job was queued for (older databases, the demo seed).
    await sweepEndedOffers(db, now);
    // Arrival notices that can go out and no job was queued for (stock changed outside the services).
    await sweepArrivalNotices(db);
  },
};
