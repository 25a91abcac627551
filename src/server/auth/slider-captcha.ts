import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { sliderCaptcha } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * The reference's slider captcha (AJ-Captcha's `blockPuzzle`): a 310×155 picture with a puzzle-shaped hole and the
 * 47 px wide strip of the piece that fills it. The browser slides the piece and sends where it left it (`x` on the
 * 310 px scale, y fixed at 5), AES-128-ECB encrypted with the captcha's `secretKey` and base64 encoded (`pointJson`);
 * a right answer (within 5 px) lets the browser show, once, `captchaVerification` = the same encryption of
 * `token---pointJson` to the call the captcha guards (`POST /api/auth/verify`). Pictures are drawn here with sharp from
 * random shapes, so no two are alike and no picture library is needed.
 */
export const SLIDER_TTL_SECONDS = 300;
export const SLIDER_WIDTH = 310;
export const SLIDER_HEIGHT = 155;
export const PIECE = 47;
/** How far from the hole the piece may be left, in px of the 310 px picture (AJ-Captcha's default). */
export const SLIDER_TOLERANCE = 5;

/** The piece: a 40 px square with a knob on its top and its right side, 47 px each way. */
const PIECE_PATH = 'M0,7 h13 a7,7 0 1,1 14,0 h13 v13 a7,7 0 1,1 0,14 v13 h-40 z';

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const hue = () => randomInt(360);

/** A random scene: a sky gradient, hills and a few circles and stripes, so the hole's edges show. */
function sceneSvg(): string {
  const h = hue();
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const r = randomInt(12, 40);
    shapes.push(
      `<circle cx="${randomInt(SLIDER_WIDTH)}" cy="${randomInt(SLIDER_HEIGHT)}" r="${r}" fill="hsl(${hue()},70%,${randomInt(45, 75)}%)" fill-opacity="0.75"/>`,
    );
  }
  for (let i = 0; i < 4; i++) {
    const y = randomInt(SLIDER_HEIGHT);
    shapes.push(
      `<rect x="0" y="${y}" width="${SLIDER_WIDTH}" height="${randomInt(3, 9)}" fill="hsl(${hue()},60%,60%)" fill-opacity="0.5" transform="rotate(${randomInt(-20, 20)} 155 ${y})"/>`,
    );
  }
  const hill = (base: number, light: number) => {
    const points = Array.from({ length: 7 }, (_, i) => `${i * 55},${base - randomInt(0, 40)}`).join(' ');
    return `<polygon points="0,${SLIDER_HEIGHT} ${points} ${SLIDER_WIDTH},${SLIDER_HEIGHT}" fill="hsl(${(h + 140) % 360},45%,${light}%)"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},75%,${pick([70, 78, 85])}%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360},70%,55%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}${hill(120, 45)}${hill(145, 35)}</svg>`;
}

const pieceSvg = (y: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${SLIDER_HEIGHT}"><path transform="translate(0 ${y})" d="${PIECE_PATH}" ${body}/></svg>`,
  );

/** The picture with its hole, and the piece's strip, as base64 PNGs (what AJ-Captcha's browser code prefixes with `data:`). */
async function drawPuzzle(x: number, y: number): Promise<{ original: string; jigsaw: string }> {
  const scene = await sharp(Buffer.from(sceneSvg())).png().toBuffer();
  const strip = await sharp(scene).extract({ left: x, top: 0, width: PIECE, height: SLIDER_HEIGHT }).png().toBuffer();
  const [original, jigsaw] = await Promise.all([
    sharp(scene)
      .composite([
        { input: pieceSvg(y, 'fill="#000" fill-opacity="0.5" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"'), left: x, top: 0 },
      ])
      .png()
      .toBuffer(),
    sharp(strip)
      .composite([
        { input: pieceSvg(y, 'fill="#fff"'), blend: 'dest-in' },
        { input: pieceSvg(y, 'fill="none" stroke="#fff" stroke-width="2"') },
      ])
      .png()
      .toBuffer(),
  ]);
  return { original: original.toString('base64'), jigsaw: jigsaw.toString('base64') };
}

/** AJ-Captcha's browser encryption: AES-128-ECB, PKCS#7, the 16-character key as UTF-8, base64 out. */
export function aesEncrypt(text: string, key: string): string {
  const c = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('base64');
}

function aesDecrypt(base64: string, key: string): string | null {
  try {
    const d = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    return Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export interface NewSliderCaptcha {
  originalImageBase64: string;
  jigsawImageBase64: string;
  token: string;
  secretKey: string;
}

/** Draws a new puzzle valid 5 minutes and stores where its piece fits. */
export async function createSliderCaptcha(db: Db, now = new Date()): Promise<NewSliderCaptcha & { x: number }> {
  const x = randomInt(70, SLIDER_WIDTH - PIECE - 10);
  const y = randomInt(5, SLIDER_HEIGHT - PIECE - 5);
  const token = newToken();
  const secretKey = Array.from(randomBytes(16), (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  const { original, jigsaw } = await drawPuzzle(x, y);
  await db.delete(sliderCaptcha).where(lt(sliderCaptcha.expiresAt, now));
  await db.insert(sliderCaptcha).values({
    tokenHash: hashToken(token),
    secretKey,
    x,
    expiresAt: new Date(now.getTime() + SLIDER_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { originalImageBase64: original, jigsawImageBase64: jigsaw, token, secretKey, x };
}

/**
 * Checks where the piece was left (`pointJson`, encrypted as the browser does): one try per puzzle, right or wrong,
 * so a picture cannot be probed. A right answer stores the hash of the `captchaVerification` it earns.
 */
export async function checkSliderCaptcha(db: Db, token: string, pointJson: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 64 || !pointJson || pointJson.length > 512) return false;
  const [row] = await db
    .update(sliderCaptcha)
    .set({ checkedAt: now })
    .where(and(eq(sliderCaptcha.tokenHash, hashToken(token)), isNull(sliderCaptcha.checkedAt), gt(sliderCaptcha.expiresAt, now)))
    .returning({ secretKey: sliderCaptcha.secretKey, x: sliderCaptcha.x });
  if (!row) return false;
  const plain = aesDecrypt(pointJson, row.secretKey);
  let point: unknown;
  try {
    point = plain ? JSON.parse(plain) : null;
  } catch {
    return false;
  }
  const x = (point as { x?: unknown } | null)?.x;
  if (typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x - row.x) > SLIDER_TOLERANCE) return false;
  const verification = aesEncrypt(`${token}---${plain}`, row.secretKey);
  await db
    .update(sliderCaptcha)
    .set({ verificationHash: sha256(verification) })
    .where(eq(sliderCaptcha.tokenHash, hashToken(token)));
  return true;
}

/** Uses up a `captchaVerification` earned by a right answer: true once, within the puzzle's 5 minutes. */
export async function consumeSliderVerification(db: Db, verification: string, now = new Date()): Promise<boolean> {
  if (!verification || verification.length > 1024) return false;
  const [row] = await db
    .update(sliderCaptcha)
    .set({ consumedAt: now })
    .where(
      and(
        eq(sliderCaptcha.verificationHash, sha256(verification)),
        isNotNull(sliderCaptcha.checkedAt),
        isNull(sliderCaptcha.consumedAt),
        gt(sliderCaptcha.expiresAt, now),
      ),
    )
    .returning({ token: sliderCaptcha.tokenHash });
  return !!row;
}
