import type { APIRoute } from 'astro';
import { socialPng } from '../../server/services/media/social-png.ts';
import { etagMatches } from '../../server/seo/etag.ts';
import { IMMUTABLE, mediaOr404 } from './_media.ts';

const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'",
  'x-content-type-options': 'nosniff',
};

/** The PNG copy of a stored SVG picture, for link previews (`og:image`), which do not show SVG. */
export const GET: APIRoute = async (api) => {
  const file = await mediaOr404(api, 'svg', 'image/svg+xml', MEDIA_HEADERS);
  if (file instanceof Response) return file;
  const id = api.params.id ?? '';
  const etag = `"${id}-png"`;
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(api.request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const svg = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
  const png = await socialPng(id, svg, file.width, file.height);
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, 'content-type': 'image/png', 'content-length': String(png.byteLength) },
  });
};
