import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.ts';
import { captcha } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_LENGTH = 4;
/** Without look-alikes (0/O, 1/I/l, 2/Z, 5/S, 8/B, 9/g/q...) since the check ignores case. */
const ALPHABET = '34678ACDEFHJKMNPRTUVWXYacdefhjkmnprtuvwxy';

// svg-captcha's module export is the renderer itself; its typings only describe the helpers.
type Render = (text: string, options?: svgCaptcha.ConfigObject) => string;
const render = ((svgCaptcha as unknown as { default?: Render }).default ?? (svgCaptcha as unknown as Render)) as Render;

/** The case-folded answer keyed by the captcha key: neither key nor answer can be read back from the table. */
const digest = (key: string, code: string) => createHmac('sha256', key).update(code.trim().toLowerCase()).digest();

export interface NewCaptcha {
  key: string;
  /** `data:image/svg+xml;base64,...` */
  image: string;
  code: string;
}

/** Creates a 4-character image captcha valid for 5 minutes; the text is drawn with node:crypto. */
export async function createCaptcha(db: Db, now = new Date()): Promise<NewCaptcha> {
  const code = Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const key = newToken();
  const svg = render(code, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f7f7f7' });
  // Expired rows are useless; dropping them here keeps the table small without a scheduler.
  await db.delete(captcha).where(lt(captcha.expiresAt, now));
  await db.insert(captcha).values({
    keyHash: hashToken(key),
    codeHash: digest(key, code).toString('hex'),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { key, code, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks an answer, case-insensitively. Any check uses the captcha up, right or wrong, so one image can
 * never be guessed at repeatedly.
 */
export async function checkCaptcha(
  db: Db,
  key: string | undefined | null,
  code: string | undefined | null,
  now = new Date(),
): Promise<boolean> {
  if (!key || !code || key.length > 64 || code.length > 8) return false;
  const [row] = await db
    .update(captcha)
    .set({ consumedAt: now })
    .where(and(eq(captcha.keyHash, hashToken(key)), isNull(captcha.consumedAt), gt(captcha.expiresAt, now)))
    .returning({ codeHash: captcha.codeHash });
  if (!row) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = digest(key, code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
