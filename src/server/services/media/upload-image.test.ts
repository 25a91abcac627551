import { describe, it, expect, beforeAll } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { hasGpsTag, noisyPng, photo, pngBomb } from '../../../../tests/helpers/images.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT, UPLOADS_PER_MINUTE } from '../../../shared/review.ts';
import { getMedia } from './get-media.ts';
import { sniffImage } from './reencode-image.ts';
import { uploadImage } from './upload-image.ts';

let d: Database;
beforeAll(async () => {
  d = await createTestDatabase();
});

const idOf = (path: string) => path.replace(/^\/media\//, '');

async function stored(path: string) {
  const file = await getMedia(visitorContext(d), { id: idOf(path) });
  const bytes = Buffer.from(file.body as Uint8Array);
  return { file, bytes, meta: await sharp(bytes).metadata() };
}

describe('uploadImage', () => {
  it('stores a camera JPEG upright, without EXIF or GPS, as WebP with its size, owned by the uploader', async () => {
    const s = await newShopper(d);
    const jpeg = await photo('jpeg', { width: 300, height: 200, orientation: 6 });
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(hasGpsTag(input.exif)).toBe(true);

    const res = await uploadImage(s, { bytes: jpeg });
    expect(res.path).toMatch(/^\/media\/u[0-9a-f]{24}\.webp$/);
    // Turned by its orientation: 300×200 stored sideways is a 200×300 picture.
    expect(res).toMatchObject({ width: 200, height: 300 });
    const { file, meta } = await stored(res.path);
    expect(file).toMatchObject({ mime: 'image/webp', width: 200, height: 300 });
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const [row] = await d.db
      .select({ uid: media.uid })
      .from(media)
      .where(eq(media.mediaId, idOf(res.path).replace('.webp', '')));
    expect(row!.uid).toBe(s.user.uid);
  });

  it('strips the EXIF of a PNG and bounds a large picture to 1600 px on its long side', async () => {
    const s = await newShopper(d);
    const png = await photo('png', { width: 4000, height: 1000 });
    expect(hasGpsTag((await sharp(png).metadata()).exif)).toBe(true);
    const res = await uploadImage(s, { bytes: png });
    expect(res).toMatchObject({ width: 1600, height: 400 });
    const { meta } = await stored(res.path);
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1600, 400]);
  });

  it('keeps a small picture at its size and takes WebP and GIF', async () => {
    const s = await newShopper(d);
    for (const format of ['webp', 'gif'] as const) {
      const res = await uploadImage(s, { bytes: await photo(format, { width: 120, height: 90 }) });
      expect(res, format).toMatchObject({ width: 120, height: 90 });
      expect((await stored(res.path)).meta.format).toBe('webp');
    }
  });

  it('tells a format by its bytes: names and declared types play no part', () => {
    expect(sniffImage(Buffer.from('hello, this is text'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('gif');
  });

  it('refuses with 400 and a clear message: text, SVG, empty, broken and a decompression bomb', async () => {
    const s = await newShopper(d);
    const png = await photo('png');
    const cases: [string, Uint8Array, string][] = [
      ['text named .png', Buffer.from('这不是图片 just text\n'.repeat(20)), UPLOAD_TEXT.notImage],
      [
        'svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        UPLOAD_TEXT.notImage,
      ],
      ['empty', new Uint8Array(0), UPLOAD_TEXT.empty],
      ['png header then garbage', Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]), UPLOAD_TEXT.broken],
      ['truncated png', png.subarray(0, Math.floor(png.length / 2)), UPLOAD_TEXT.broken],
      ['jpeg magic then text', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('x'.repeat(100))]), UPLOAD_TEXT.broken],
      ['bomb', await pngBomb(100_000), UPLOAD_TEXT.tooManyPixels],
    ];
    for (const [name, bytes, message] of cases) {
      await expect(uploadImage(s, { bytes }), name).rejects.toMatchObject({ code: 'invalid', message });
    }
    await expect(uploadImage(s, { bytes: null })).rejects.toMatchObject({ code: 'invalid', message: UPLOAD_TEXT.noFile });
  });

  it('refuses a picture over 5 MB with 413 and a visitor with 请登录', async () => {
    const s = await newShopper(d);
    const big = await noisyPng(1400, 1400);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    await expect(uploadImage(s, { bytes: big })).rejects.toMatchObject({ code: 'too_large', status: 413, message: UPLOAD_TEXT.tooLarge });
    await expect(uploadImage(visitorContext(d), { bytes: await photo('png') })).rejects.toMatchObject({ message: '请登录' });
  });

  it(`allows ${UPLOADS_PER_MINUTE} uploads a minute per shopper, then 429; another shopper is not held back`, async () => {
    const [s, other] = [await newShopper(d), await newShopper(d)];
    const tiny = await photo('png', { width: 8, height: 8 });
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) await uploadImage(s, { bytes: tiny });
    await expect(uploadImage(s, { bytes: tiny })).rejects.toMatchObject({ code: 'rate_limited', message: UPLOAD_TEXT.tooMany });
    await expect(uploadImage(other, { bytes: tiny })).resolves.toMatchObject({ width: 8, height: 8 });
  });
});
