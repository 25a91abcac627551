/** Plain responses of the crawler-facing endpoints (robots.txt, sitemaps, media). */

/** Crawlers re-read robots.txt and sitemaps often; a few minutes of caching spares the database. */
export const SEO_CACHE = 'public, max-age=300';

export const xmlResponse = (body: string) =>
  new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': SEO_CACHE } });

/** A plain-text 404 (not the HTML page): these URLs are fetched by crawlers and <img>, not read by shoppers. */
export const plainNotFound = (headers: Record<string, string> = {}) =>
  new Response('Not Found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
