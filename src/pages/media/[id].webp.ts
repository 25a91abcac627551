import type { APIRoute } from 'astro';
import { plainNotFound } from '../../server/seo/responses.ts';
import { etagMatches } from '../../server/seo/etag.ts';
import { IMMUTABLE, mediaOr404 } from './_media.ts';

/** A picture is shown, never run: nothing it could carry loads or executes, and the browser must not guess its type. */
const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'",
  'x-content-type-options': 'nosniff',
};
/** Uploaded pictures (`POST /api/upload/image/file` stores them re-encoded as WebP). */
export const GET: APIRoute = async (api) => {
  const file = await mediaOr404(api, 'webp', 'image/webp', MEDIA_HEADERS);
  if (file instanceof Response) return file;
  if (typeof file.body === 'string') return plainNotFound(MEDIA_HEADERS);
  // The id names one picture forever, so it is as strong a validator as a hash of the bytes.
  const etag = `"${api.params.id ?? ''}"`;
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(api.request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, 'content-type': 'image/webp', 'content-length': String(file.body.byteLength) },
  });
};
