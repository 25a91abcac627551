import type { APIRoute } from 'astro';
import { getMedia } from '../../server/services/media/get-media.ts';
import { socialPng } from '../../server/services/media/social-png.ts';
import { ServiceError } from '../../server/services/errors.ts';
import { plainNotFound } from '../../server/seo/responses.ts';
import { etagMatches } from '../../server/seo/etag.ts';

const MEDIA_HEADERS = {
  'content-security-policy': "default-src 'none'",
  'x-content-type-options': 'nosniff',
};
/** A media id never changes its picture, so neither does its PNG copy. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The PNG copy of a stored SVG picture, for link previews (`og:image`), which do not show SVG. */
export const GET: APIRoute = async ({ locals, params, request }) => {
  const id = params.id ?? '';
  let file: Awaited<ReturnType<typeof getMedia>>;
  try {
    file = await getMedia(locals, { id: `${id}.svg` });
  } catch (err) {
    if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'invalid')) return plainNotFound(MEDIA_HEADERS);
    throw err;
  }
  if (file.mime !== 'image/svg+xml') return plainNotFound(MEDIA_HEADERS);
  const etag = `"${id}-png"`;
  const headers = { ...MEDIA_HEADERS, etag, 'cache-control': IMMUTABLE };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const svg = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
  const png = await socialPng(id, svg, file.width, file.height);
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, 'content-type': 'image/png', 'content-length': String(png.byteLength) },
  });
};
