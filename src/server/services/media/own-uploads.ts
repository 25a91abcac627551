import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { UPLOAD_PATH } from '../../../shared/review.ts';

/**
 * Whether every path is a picture shopper `uid` uploaded (`POST /api/upload/image/file`, `/media/<id>.webp`): not
 * another shopper's, not a seeded image, not an unknown id or another kind of address.
 */
export async function areOwnUploads(db: Db, uid: number, paths: readonly string[]): Promise<boolean> {
  const ids = paths.map((p) => UPLOAD_PATH.exec(p)?.[1]);
  if (ids.some((id) => !id)) return false;
  const unique = [...new Set(ids as string[])];
  if (!unique.length) return true;
  const rows = await db
    .select({ id: media.mediaId })
    .from(media)
    .where(and(inArray(media.mediaId, unique), eq(media.uid, uid)));
  return rows.length === unique.length;
}
