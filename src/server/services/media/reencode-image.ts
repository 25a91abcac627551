import sharp, { type Metadata } from 'sharp';
import { ServiceError } from '../errors.ts';
import { UPLOAD_TEXT } from '../../../shared/review.ts';

/** The formats a shopper may upload, told by their first bytes (never by the file name or the declared type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** Longest side of a stored upload, in pixels: larger pictures are scaled down (never up). */
export const MAX_SIDE = 1600;
/**
 * Pixels (width × height, as the file's header says) a decoder may be asked to handle: 50 million covers any phone
 * camera at full resolution, and refuses a "decompression bomb" (a small file that claims a huge canvas) before any
 * pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** WebP quality of stored uploads: photos look unchanged at review sizes, at a fraction of a camera file's bytes. */
export const WEBP_QUALITY = 80;
/** Seconds one re-encode may take before it is abandoned (a pathological file must not hold a worker). */
const TIMEOUT_SECONDS = 20;
/** Re-encodes running at once in this process: each holds a decoded picture in memory. */
const MAX_RUNNING = 2;

/** The format announced by the file's magic bytes, or null when it is none we accept. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, k) => bytes[i + k] === x);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (bytes.length >= 6 && (at(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || at(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) return 'gif';
  return null;
}

/** A stored picture: WebP bytes with the size pages reserve for it. */
export interface EncodedImage {
  bytes: Buffer;
  mime: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
}

let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Decodes an uploaded picture and writes it anew: turned upright by its EXIF orientation, every piece of metadata
 * (EXIF with GPS position and camera, XMP, IPTC, ICC profile: colours are converted to sRGB) dropped, scaled to at
 * most 1600 px on the long side, stored as WebP. An animated GIF or WebP keeps its first frame.
 * Refusals (400): not a JPEG, PNG, WebP or GIF by its bytes; a header claiming more than 50 million pixels;
 * bytes that do not decode.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  if (bytes.length === 0) throw new ServiceError('invalid', UPLOAD_TEXT.empty);
  const format = sniffImage(bytes);
  if (!format) throw new ServiceError('invalid', UPLOAD_TEXT.notImage);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };
  let declared: Metadata;
  try {
    declared = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ServiceError('invalid', UPLOAD_TEXT.broken);
  }
  // The decoder must agree with the magic bytes: a file that only starts like a picture is not one.
  if (declared.format !== format) throw new ServiceError('invalid', UPLOAD_TEXT.notImage);
  const pageHeight = declared.pageHeight ?? declared.height;
  if (!declared.width || !pageHeight) throw new ServiceError('invalid', UPLOAD_TEXT.broken);
  if (declared.width * pageHeight > MAX_INPUT_PIXELS) throw new ServiceError('invalid', UPLOAD_TEXT.tooManyPixels);
  return limited(async () => {
    try {
      const { data, info } = await sharp(input, { ...options, autoOrient: true })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, mime: 'image/webp', ext: 'webp', width: info.width, height: info.height };
    } catch (err) {
      if (/pixel limit/i.test(String((err as Error)?.message))) throw new ServiceError('invalid', UPLOAD_TEXT.tooManyPixels);
      throw new ServiceError('invalid', UPLOAD_TEXT.broken);
    }
  });
}
