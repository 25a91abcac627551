import type { APIRoute } from 'astro';
import { getMedia } from '../../server/services/media/get-media.ts';
import { ServiceError } from '../../server/services/errors.ts';
import { plainNotFound } from '../../server/seo/responses.ts';
import { etagMatches } from '../../server/seo/etag.ts';

/** A picture is shown, never run: nothing it could carry loads or executes, and the browser must not guess its type. */
const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'",
  'x-content-type-options': 'nosniff',
};
/** An upload's id is new for every upload and its row is never changed: the bytes behind a URL never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded pictures (`POST /api/upload/image/file` stores them re-encoded as WebP). */
export const GET: APIRoute = async ({ locals, params, request }) => {
  const id = params.id ?? '';
  let file: Awaited<ReturnType<typeof getMedia>>;
  try {
    file = await getMedia(locals, { id: `${id}.webp` });
  } catch (err) {
    if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'invalid')) return plainNotFound(MEDIA_HEADERS);
    throw err;
  }
  if (file.mime !== 'image/webp' || typeof file.body === 'string') return plainNotFound(MEDIA_HEADERS);
  // The id names one picture forever, so it is as strong a validator as a hash of the bytes.
  const etag = `"${id}"`;
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, 'content-type': 'image/webp', 'content-length': String(file.body.byteLength) },
  });
};
