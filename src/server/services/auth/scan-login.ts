import { and, eq, gt, lt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { config } from '../../config.ts';
import { transaction } from '../../db/transaction.ts';
import { scanLogin, users } from '../../db/schema/index.ts';
import { scanConfirmBody, scanKeyBody } from '../../../shared/schemas/auth.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { count, hit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { sessionUserColumns } from './accounts.ts';
import * as L from './limits.ts';
import { accountText } from './messages.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { parseInput } from '../input.ts';
import { formatDateTime } from '../dates.ts';
import { boundedUserAgent, describeUserAgent, maskIp } from './requester.ts';

export type ScanCheck = { status: 201 } | { status: 400; message: string } | { status: 200; result: SignedIn };
export type ScanState = 'pending' | 'confirmed' | 'refused' | 'expired' | 'used';

/** The browser that asked for a key, as the confirmation page shows it. */
export interface ScanRequester {
  /** 'Chrome 126', or 未知浏览器. */
  browser: string;
  /** 'Windows 10/11', or 未知系统. */
  os: string;
  /** The requesting address with its last part hidden: '203.0.113.*'. */
  ip: string;
  /** When the key was asked for, 'YYYY-MM-DD HH:mm:ss' in mall time (Asia/Shanghai). */
  requested_at: string;
  /** Seconds between the request and this answer. */
  seconds_ago: number;
}

/** Who asked for a key: the browser binding secret and, to show on the confirmation page, its User-Agent. */
export interface ScanAsker {
  browser: string;
  userAgent?: string | null;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const findKey = (key: string) => eq(scanLogin.keyHash, hashToken(key));

/** HttpOnly cookie that ties keys to the browser that asked for them (path-scoped to the scan endpoints). */
export const SCAN_BROWSER_COOKIE = 'scan_login_browser';

/** The browser's binding secret: its cookie when well-formed, else a new one for the endpoint to set. */
export function browserSecret(cookie: string | undefined | null): string {
  return cookie && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? cookie : newToken();
}

/**
 * `GET /api/pc/login/scan`: a new key (valid 5 minutes, usable once) and a QR image of the confirmation page
 * `${siteUrl}/scan_login?key=…`, where a signed-in shopper confirms or refuses on a second device. Only the
 * browser holding `browser` (an HttpOnly cookie) can claim the key, so a key read off the screen is useless.
 * The key keeps the asker's address (`ctx.ip`), User-Agent and the time, which the confirmation page shows.
 */
export async function createScanLogin(
  ctx: ServiceContext,
  { browser, userAgent }: ScanAsker,
  now = new Date(),
): Promise<{ key: string; qrcode: string; timeout: number }> {
  const key = newToken();
  const expiresAt = new Date(now.getTime() + L.SCAN_TTL_SECONDS * 1000);
  await transaction(ctx.db, async (tx) => {
    if (ctx.ip) {
      if ((await count(tx, L.buckets.scanIp(ctx.ip), L.HOUR, now)) >= L.SCAN_KEYS_PER_IP_HOUR)
        throw new ServiceError('rate_limited', accountText.tooManyRequests);
      await hit(tx, L.buckets.scanIp(ctx.ip), now);
    }
    // Keys a day past their expiry are never asked about again.
    await tx.delete(scanLogin).where(lt(scanLogin.expiresAt, new Date(now.getTime() - L.DAY * 1000)));
    await tx.insert(scanLogin).values({
      keyHash: hashToken(key),
      browserHash: hashToken(browser),
      expiresAt,
      ip: ctx.ip ?? null,
      userAgent: boundedUserAgent(userAgent),
      createdAt: now,
    });
  });
  const svg = await QRCode.toString(`${config.siteUrl}/scan_login?key=${key}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { key, qrcode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, timeout: L.SCAN_TTL_SECONDS };
}

/**
 * `POST /api/pc/login/scan/check`, polled by the waiting browser: 201 while pending; 200 with a new session
 * once confirmed (the key is then used up); 400 when expired, refused, used, unknown or asked by another browser.
 */
export async function checkScanLogin(
  ctx: ServiceContext,
  input: z.input<typeof scanKeyBody>,
  browser: string | null | undefined,
  now = new Date(),
): Promise<ScanCheck> {
  const { key } = parseInput(scanKeyBody, input);
  return transaction(ctx.db, async (tx) => {
    // Locked so two polls of one confirmed key cannot both get a session.
    const [row] = await tx.select().from(scanLogin).where(findKey(key)).limit(1).for('update');
    if (!row || !browser || row.browserHash !== hashToken(browser)) return { status: 400, message: accountText.scanInvalid };
    if (row.status === 'refused') return { status: 400, message: accountText.scanRefused };
    if (row.status === 'used') return { status: 400, message: accountText.scanUsed };
    const expired = now >= row.expiresAt;
    if (row.status === 'pending') return expired ? { status: 400, message: accountText.scanExpired } : { status: 201 };
    // Confirmed in the last seconds of the key's life: the next poll may still claim it.
    if (now.getTime() >= row.expiresAt.getTime() + L.SCAN_CLAIM_GRACE_SECONDS * 1000)
      return { status: 400, message: accountText.scanExpired };
    const [user] = await tx
      .select(sessionUserColumns)
      .from(users)
      .where(and(eq(users.uid, row.uid ?? -1), eq(users.status, true)));
    await tx.update(scanLogin).set({ status: 'used' }).where(eq(scanLogin.id, row.id));
    if (!user) return { status: 400, message: accountText.scanInvalid };
    return { status: 200, result: await openSession(tx, user, now) };
  });
}

/**
 * `GET /api/pc/login/scan/info?key=` (login required): what the confirmation page shows. `requester` describes
 * the browser that asked for the key while the key waits for an answer, and afterwards only to the shopper who
 * gave it (null for anyone else).
 */
export async function scanLoginInfo(
  ctx: ServiceContext,
  input: z.input<typeof scanKeyBody>,
  now = new Date(),
): Promise<{ status: ScanState; expires_at: number; requester: ScanRequester | null }> {
  const me = requireUser(ctx);
  const { key } = parseInput(scanKeyBody, input);
  const [row] = await ctx.db.select().from(scanLogin).where(findKey(key)).limit(1);
  if (!row) throw new ServiceError('refused', accountText.scanInvalid);
  const status: ScanState = row.status === 'pending' && now >= row.expiresAt ? 'expired' : row.status;
  const shown = row.status === 'pending' || row.uid === me.uid;
  return { status, expires_at: unix(row.expiresAt), requester: shown ? describeRequester(row, now) : null };
}

function describeRequester(row: typeof scanLogin.$inferSelect, now: Date): ScanRequester {
  return {
    ...describeUserAgent(row.userAgent),
    ip: maskIp(row.ip),
    requested_at: formatDateTime(row.createdAt) ?? '',
    seconds_ago: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000)),
  };
}

/** `POST /api/pc/login/scan/confirm` (login required): confirms or refuses a pending, unexpired key. */
export async function confirmScanLogin(
  ctx: ServiceContext,
  input: z.input<typeof scanConfirmBody>,
  now = new Date(),
): Promise<{ message: string }> {
  const me = requireUser(ctx);
  const { key, confirm } = parseInput(scanConfirmBody, input);
  const [row] = await ctx.db
    .update(scanLogin)
    .set({ status: confirm ? 'confirmed' : 'refused', uid: me.uid })
    .where(and(findKey(key), eq(scanLogin.status, 'pending'), gt(scanLogin.expiresAt, now)))
    .returning({ id: scanLogin.id });
  if (!row) throw new ServiceError('refused', accountText.scanNotPending);
  return { message: confirm ? accountText.scanConfirmed : accountText.scanRefused };
}
