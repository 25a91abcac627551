import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { count, hit, lockKey } from '../../auth/rate-limit.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT, UPLOADS_PER_DAY, UPLOADS_PER_MINUTE } from '../../../shared/review.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { reencodeImage } from './reencode-image.ts';

/** `POST /api/upload/image/file` data: where the stored picture is served, and its size after re-encoding. */
export interface UploadedImageDto {
  path: string;
  width: number;
  height: number;
}

/** Counts one upload of the uploader (`key`), refusing past 30 a minute or 300 a day (counted across processes). */
async function countUpload(db: Db, key: string): Promise<void> {
  const at = new Date();
  await transaction(db, async (tx) => {
    await lockKey(tx, key);
    const [minute, day] = [await count(tx, key, 60, at), await count(tx, key, 86400, at)];
    if (minute >= UPLOADS_PER_MINUTE || day >= UPLOADS_PER_DAY) throw new ServiceError('rate_limited', UPLOAD_TEXT.tooMany);
    await hit(tx, key, at);
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
  await countUpload(ctx.db, `upload:image:${user.uid}`);
  return storeImage(ctx.db, bytes, { uid: user.uid });
}

/**
 * A picture of the mall operator's content (activity frames), through the operator API: the same checks and
 * re-encoding as a shopper's (transparency kept), stored with no uploader.
 */
export async function uploadOperatorImage(ctx: ServiceContext, input: { bytes: Uint8Array | null | undefined }): Promise<UploadedImageDto> {
  return storeImage(ctx.db, uploadedBytes(input.bytes), {});
}

/**
 * A shop's picture through the merchant API (`POST /api/merchant/upload/image`: product pictures and details): the same
 * checks, limits (per shop) and re-encoding as a shopper's, stored with the shop's id, so its products may name it and
 * no other shop's may.
 */
export async function uploadMerchantImage(
  ctx: MerchantContext,
  input: { bytes: Uint8Array | null | undefined },
): Promise<UploadedImageDto> {
  const { merId } = requireMerchant(ctx);
  const bytes = uploadedBytes(input.bytes);
  await countUpload(ctx.db, `upload:image:mer:${merId}`);
  return storeImage(ctx.db, bytes, { merId });
}

/** The uploaded file's bytes: a 400 when there is none, a 413 past 5 MB. */
function uploadedBytes(bytes: Uint8Array | null | undefined): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new ServiceError('invalid', UPLOAD_TEXT.noFile);
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new ServiceError('too_large', UPLOAD_TEXT.tooLarge);
  return bytes;
}

async function storeImage(db: Db, bytes: Uint8Array, owner: { uid?: number; merId?: number }): Promise<UploadedImageDto> {
  const image = await reencodeImage(bytes);
  const id = `u${randomBytes(12).toString('hex')}`;
  await db.insert(media).values({
    mediaId: id,
    mime: image.mime,
    bytes: image.bytes,
    uid: owner.uid ?? null,
    merId: owner.merId ?? null,
    width: image.width,
    height: image.height,
  });
  return { path: `/media/${id}.${image.ext}`, width: image.width, height: image.height };
}
