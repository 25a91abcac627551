import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { UPLOAD_PATH, uploadRef } from '../../../shared/review.ts';
import type { ServiceContext } from '../context.ts';
import { cachedSiteConfig } from '../site/load-shell.ts';

/**
 * Whether every path is a picture shopper `uid` uploaded (`POST /api/upload/image/file`, `/media/<id>.webp`): not
 * another shopper's, not a seeded image, not an unknown id or another kind of address.
 */
export function areOwnUploads(db: Db, uid: number, paths: readonly string[]): Promise<boolean> {
  return allUploadedBy(db, eq(media.uid, uid), paths);
}

/** Whether every path is a picture shop `merId` uploaded through the merchant API (`POST /api/merchant/upload/image`). */
export function areMerchantUploads(db: Db, merId: number, paths: readonly string[]): Promise<boolean> {
  return allUploadedBy(db, eq(media.merId, merId), paths);
}

async function allUploadedBy(db: Db, owner: SQL, paths: readonly string[]): Promise<boolean> {
  const ids = paths.map((p) => UPLOAD_PATH.exec(p)?.[1]);
  if (ids.some((id) => !id)) return false;
  const unique = [...new Set(ids as string[])];
  if (!unique.length) return true;
  const rows = await db
    .select({ id: media.mediaId })
    .from(media)
    .where(and(inArray(media.mediaId, unique), owner));
  return rows.length === unique.length;
}

/** The size of each uploaded picture (`/media/<id>.webp`) among `paths` that the media table holds, by its path. */
export async function uploadSizes(db: Db, paths: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  const byId = new Map<string, string>();
  for (const p of paths) {
    const id = UPLOAD_PATH.exec(p)?.[1];
    if (id) byId.set(id, p);
  }
  if (!byId.size) return new Map();
  const rows = await db
    .select({ id: media.mediaId, width: media.width, height: media.height })
    .from(media)
    .where(inArray(media.mediaId, [...byId.keys()]));
  return new Map(rows.map((r) => [byId.get(r.id)!, { width: r.width, height: r.height }]));
}

/** Origins whose absolute URLs name our own files: the request's (`ctx.origins`), the operator's site_url, SITE_URL. */
async function ownOrigins(ctx: Pick<ServiceContext, 'db' | 'origins'>): Promise<Set<string>> {
  const out = new Set(ctx.origins ?? []);
  const site = await cachedSiteConfig(ctx).catch(() => null);
  for (const raw of [site?.site_url, process.env.SITE_URL]) {
    try {
      if (raw?.trim()) out.add(new URL(raw.trim()).origin);
    } catch {
      // A malformed setting names no origin.
    }
  }
  return out;
}

/**
 * The stored paths of the pictures `refs` names (each a path, or the absolute URL of one on one of the mall's own
 * origins: a client that writes uploads with the site's address), without repeats, when every one is a picture
 * shopper `uid` uploaded (`areOwnUploads`) or one of `kept` (already on the record being edited); null otherwise,
 * which the caller refuses with its message. A URL on any other origin is never ours, whatever its path.
 */
export async function ownUploadPaths(
  ctx: Pick<ServiceContext, 'db' | 'origins'>,
  uid: number,
  refs: readonly string[],
  kept: readonly string[] = [],
): Promise<string[] | null> {
  const parsed = refs.map(uploadRef);
  if (parsed.some((r) => !r)) return null;
  if (parsed.some((r) => r!.origin !== null)) {
    const origins = await ownOrigins(ctx);
    if (parsed.some((r) => r!.origin !== null && !origins.has(r!.origin))) return null;
  }
  const paths = [...new Set(parsed.map((r) => r!.path))];
  return (await areOwnUploads(
    ctx.db,
    uid,
    paths.filter((p) => !kept.includes(p)),
  ))
    ? paths
    : null;
}
