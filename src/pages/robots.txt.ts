import type { APIRoute } from 'astro';
import { ROUTES } from '../shared/routes.ts';
import { siteOrigin } from '../server/seo/site-origin.ts';
import { SEO_CACHE } from '../server/seo/responses.ts';

/** Private pages (sign-in required), the sign-in page and the JSON API stay out of crawls. */
const candidates = [
  ...new Set([
    '/api/',
    ROUTES.login.path,
    ...Object.values(ROUTES)
      .filter((r) => r.login)
      .map((r) => r.path),
  ]),
];
// `Disallow: /user` already covers /user/order_list and the other children (robots rules are prefixes).
const PRIVATE = candidates.filter((p) => !candidates.some((q) => q !== p && p.startsWith(q.endsWith('/') ? q : `${q}/`)));

export const GET: APIRoute = async ({ locals, url }) => {
  const base = await siteOrigin(locals, url);
  const lines = ['User-agent: *', ...PRIVATE.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SEO_CACHE } });
};
