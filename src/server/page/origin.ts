import { siteOrigin } from '../seo/site-origin.ts';

/**
 * The origin absolute URLs are built on in pages (JSON-LD, canonical links): the same rule as the sitemap
 * and robots.txt (`src/server/seo/site-origin.ts`).
 */
export function pageOrigin(locals: App.Locals, requestUrl: URL): Promise<string> {
  return siteOrigin({ db: locals.db }, requestUrl);
}
