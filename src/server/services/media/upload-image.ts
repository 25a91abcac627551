import { randomBytes } from 'node:crypto';
import { media } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { count, hit, lockKey } from '../../auth/rate-limit.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT, UPLOADS_PER_DAY, UPLOADS_PER_MINUTE } from '../../../shared/review.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { reencodeImage } from './reencode-image.ts';

/** `POST /api/upload/image/file` data: where the stored picture is served, and its size after re-encoding. */
export interface UploadedImageDto {
  path: string;
  width: number;
  height: number;
}

const bucket = (uid: number) => `upload:image:${uid}`;

/** Counts one upload of the shopper, refusing past 30 a minute or 300 a day (counted across processes). */
async function countUpload(ctx: ServiceContext, uid: number): Promise<void> {
  const at = new Date();
  await transaction(ctx.db, async (tx) => {
    await lockKey(tx, bucket(uid));
    const [minute, day] = [await count(tx, bucket(uid), 60, at), await count(tx, bucket(uid), 86400, at)];
    if (minute >= UPLOADS_PER_MINUTE || day >= UPLOADS_PER_DAY) throw new ServiceError('rate_limited', UPLOAD_TEXT.tooMany);
    await hit(tx, bucket(uid), at);
  });
}

/**
 * A shopper's picture (review or refund images): signed-in shoppers only, at most 5 MB, 30 a minute. The bytes are
 * decoded and written anew (`reencodeImage`: upright, no metadata, at most 1600 px, WebP) and stored in `media`
 * with the uploader's uid, so every app process serves it at `/media/<id>.webp` and a review can check that its
 * pictures are the reviewer's own.
 */
export async function uploadImage(ctx: ServiceContext, input: { bytes: Uint8Array | null | undefined }): Promise<UploadedImageDto> {
  const user = requireUser(ctx);
  const bytes = uploadedBytes(input.bytes);
  await countUpload(ctx, user.uid);
  return storeImage(ctx, bytes, user.uid);
}

/**
 * A picture of the mall operator's content (activity frames), through the operator API: the same checks and
 * re-encoding as a shopper's (transparency kept), stored with no uploader.
 */
export async function uploadOperatorImage(ctx: ServiceContext, input: { bytes: Uint8Array | null | undefined }): Promise<UploadedImageDto> {
  return storeImage(ctx, uploadedBytes(input.bytes), null);
}

/** The uploaded file's bytes: a 400 when there is none, a 413 past 5 MB. */
function uploadedBytes(bytes: Uint8Array | null | undefined): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new ServiceError('invalid', UPLOAD_TEXT.noFile);
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new ServiceError('too_large', UPLOAD_TEXT.tooLarge);
  return bytes;
}

async function storeImage(ctx: ServiceContext, bytes: Uint8Array, uid: number | null): Promise<UploadedImageDto> {
  const image = await reencodeImage(bytes);
  const id = `u${randomBytes(12).toString('hex')}`;
  await ctx.db.insert(media).values({
    mediaId: id,
    mime: image.mime,
    bytes: image.bytes,
    uid,
    width: image.width,
    height: image.height,
  });
  return { path: `/media/${id}.${image.ext}`, width: image.width, height: image.height };
}
