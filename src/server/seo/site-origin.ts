import type { ServiceContext } from '../services/context.ts';
import { cachedSiteConfig } from '../services/site/load-shell.ts';

/** An absolute http(s) URL without trailing slashes, or null. */
function absolute(raw: string | undefined | null): string | null {
  const v = raw?.trim().replace(/\/+$/, '');
  if (!v) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The base of absolute URLs the mall hands to crawlers (canonical links, robots.txt, sitemaps): the
 * operator's `site_url`, else the `SITE_URL` environment variable, else the origin of the request. The same
 * rule as the canonical links of Shell.astro (which has no SITE_URL step because the seed writes it into
 * `site_url`). No trailing slash, so `${base}/path` is always right.
 */
export async function siteOrigin(ctx: Pick<ServiceContext, 'db'>, requestUrl: URL): Promise<string> {
  return (await configuredSiteOrigin(ctx)) ?? requestUrl.origin;
}

/** The operator's `site_url`, else `SITE_URL`: the mall's origin where no request names one (a job's SMS), or null. */
export async function configuredSiteOrigin(ctx: Pick<ServiceContext, 'db'>): Promise<string | null> {
  const site = await cachedSiteConfig(ctx).catch(() => null);
  return absolute(site?.site_url) ?? absolute(process.env.SITE_URL);
}
