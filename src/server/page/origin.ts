import { cachedSiteConfig } from '../services/site/load-shell.ts';

/**
 * The origin absolute URLs are built on (canonical links, JSON-LD, sitemaps): the configured `site_url`,
 * else the request's own origin. The same rule as the shell's canonical link.
 */
export async function pageOrigin(locals: App.Locals, requestUrl: URL): Promise<string> {
  try {
    const site = await cachedSiteConfig({ db: locals.db });
    if (site.site_url) return new URL(site.site_url).origin;
  } catch {
    /* fall back to the request */
  }
  return requestUrl.origin;
}
