import type { APIRoute } from 'astro';
import { mediaEtag, etagMatches } from '../../server/seo/etag.ts';
import { IMMUTABLE, mediaOr404 } from './_media.ts';

/**
 * An SVG could carry script: opened directly it must run nothing and load nothing (inline styles only),
 * and the browser must not guess another type.
 */
const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};
export const GET: APIRoute = async (api) => {
  // This route serves SVG only; a raster picture has its own extension.
  const file = await mediaOr404(api, 'svg', 'image/svg+xml', MEDIA_HEADERS);
  if (file instanceof Response) return file;
  const etag = mediaEtag(file.body);
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(api.request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  // SVG is text: stored in `body`, or as UTF-8 bytes if a writer ever put it in `bytes`.
  const svg = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
  return new Response(svg, { headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' } });
};
