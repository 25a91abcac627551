/**
 * Sitemap protocol documents (sitemaps.org 0.9). Locations are paths joined to the site base here, so the
 * services never need to know which host they are served under.
 */

export interface SitemapEntry {
  /** A path with its query string (`/goods_cate?sid=3`), or an absolute URL. */
  loc: string;
  lastmod?: Date | null;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for an XML element: `&` of query strings above all. */
export const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

const absoluteUrl = (base: string, loc: string) => (/^https?:\/\//.test(loc) ? loc : `${base.replace(/\/+$/, '')}${loc}`);

function entry(tag: 'url' | 'sitemap', base: string, e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
  return `<${tag}><loc>${xmlEscape(absoluteUrl(base, e.loc))}</loc>${lastmod}</${tag}>`;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A `<urlset>` of page URLs. */
export function urlsetXml(base: string, entries: SitemapEntry[]): string {
  return `${HEAD}<urlset ${NS}>\n${entries.map((e) => entry('url', base, e)).join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of shard URLs. */
export function sitemapIndexXml(base: string, entries: SitemapEntry[]): string {
  return `${HEAD}<sitemapindex ${NS}>\n${entries.map((e) => entry('sitemap', base, e)).join('\n')}\n</sitemapindex>\n`;
}
