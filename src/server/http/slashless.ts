/**
 * A page asked for with a trailing slash (`/goods_detail/12/`, `/news_list/`) moves for good to its address without
 * one, query kept: one address per page for crawlers and the page cache. API paths are left alone (a redirected POST
 * loses its body). The target is a path on this site whatever the request's slashes (`//evil.example/` goes to
 * `/evil.example`, never off-site).
 */
export function slashlessPage(method: string, url: URL): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const path = url.pathname;
  if (path.length < 2 || !path.endsWith('/') || path.startsWith('/api/')) return null;
  return `/${path.replace(/^\/+|\/+$/g, '')}${url.search}`;
}
