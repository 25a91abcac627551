import type { APIRoute } from 'astro';
import { listSitemapShards } from '../server/services/seo/sitemap.ts';
import { sitemapIndexXml } from '../server/services/seo/sitemap-xml.ts';
import { siteOrigin } from '../server/seo/site-origin.ts';
import { xmlResponse } from '../server/seo/responses.ts';

/** The sitemap index: one entry per shard (/sitemap/<name>.xml). */
export const GET: APIRoute = async ({ locals, url }) => {
  const [base, shards] = await Promise.all([siteOrigin(locals, url), listSitemapShards(locals)]);
  return xmlResponse(
    sitemapIndexXml(
      base,
      shards.map((name) => ({ loc: `/sitemap/${name}.xml` })),
    ),
  );
};
