import type { APIContext } from 'astro';
import { getMedia, type MediaFile } from '../../server/services/media/get-media.ts';
import { ServiceError } from '../../server/services/errors.ts';
import { plainNotFound } from '../../server/seo/responses.ts';

/** A media id never changes its picture (seeded once, uploads get new ids): the bytes behind a URL never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The stored picture `/media/<id>.<ext>` names when it has `mime`, or the plain 404 (with `headers`) these URLs answer:
 * an unknown or malformed id, or a picture of another type.
 */
export async function mediaOr404(
  api: APIContext,
  ext: string,
  mime: string,
  headers: Record<string, string>,
): Promise<MediaFile | Response> {
  try {
    const file = await getMedia(api.locals, { id: `${api.params.id ?? ''}.${ext}` });
    return file.mime === mime ? file : plainNotFound(headers);
  } catch (err) {
    // Malformed ids are a 400 in the service; as a URL they simply do not exist.
    if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'invalid')) return plainNotFound(headers);
    throw err;
  }
}
