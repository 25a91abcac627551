import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { getSitemapShard } from '../../server/services/seo/sitemap.ts';
import { urlsetXml } from '../../server/services/seo/sitemap-xml.ts';
import { ServiceError } from '../../server/services/errors.ts';
import { siteOrigin } from '../../server/seo/site-origin.ts';
import { xmlResponse, plainNotFound } from '../../server/seo/responses.ts';
import { url as routeUrl } from '../../shared/routes.ts';
import { readArticles } from '../../server/services/news/read-articles.ts';

/** One shard of the sitemap index: pages, categories, promotions, stores-<n>, products-<n>. */
export const GET: APIRoute = async ({ locals, url, params }) => {
  try {
    const [agreements, news] = params.shard === 'pages' ? await Promise.all([getCollection('agreements'), readArticles()]) : [[], []];
    const extraPages = agreements.map((a) => ({ loc: routeUrl('privacyAgreement', { type: a.id }), lastmod: a.data.updated }));
    const [base, entries] = await Promise.all([
      siteOrigin(locals, url),
      getSitemapShard(locals, { name: params.shard ?? '' }, { extraPages, news }),
    ]);
    return xmlResponse(urlsetXml(base, entries));
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'not_found') return plainNotFound();
    throw err;
  }
};
