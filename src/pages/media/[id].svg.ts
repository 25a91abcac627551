import type { APIRoute } from 'astro';
import { getMedia } from '../../server/services/media/get-media.ts';
import { ServiceError } from '../../server/services/errors.ts';
import { plainNotFound } from '../../server/seo/responses.ts';
import { mediaEtag, etagMatches } from '../../server/seo/etag.ts';

/**
 * An SVG could carry script: opened directly it must run nothing and load nothing (inline styles only),
 * and the browser must not guess another type.
 */
const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};
/** A media id never changes its picture (the seed inserts once, nothing updates media rows). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const GET: APIRoute = async ({ locals, params, request }) => {
  let file: Awaited<ReturnType<typeof getMedia>>;
  try {
    file = await getMedia(locals, { id: `${params.id ?? ''}.svg` });
  } catch (err) {
    // Malformed ids are a 400 in the service; as a URL they simply do not exist.
    if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'invalid')) return plainNotFound(MEDIA_HEADERS);
    throw err;
  }
  // This route serves SVG only; a raster picture would have its own extension.
  if (file.mime !== 'image/svg+xml') return plainNotFound(MEDIA_HEADERS);
  const etag = mediaEtag(file.body);
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  // SVG is text: stored in `body`, or as UTF-8 bytes if a writer ever put it in `bytes`.
  const svg = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
  return new Response(svg, { headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' } });
};
