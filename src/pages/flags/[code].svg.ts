import type { APIRoute } from 'astro';
import { flagSvg } from '../../server/services/media/flag-svg.ts';
import { plainNotFound } from '../../server/seo/responses.ts';

/** `/flags/CN.svg`: a country's flag for the locale picker and the phone fields (a week of caching). */
export const GET: APIRoute = ({ params }) => {
  const svg = flagSvg(params.code ?? '');
  if (!svg) return plainNotFound();
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=604800' },
  });
};
