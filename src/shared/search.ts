/**
 * Where the header search goes (spec section 2 "Header behaviour"): `/goods_search?title=<trimmed>`,
 * or `/goods_cate?title=` when the shopper is already on `/goods_cate`. An empty keyword goes nowhere.
 */
export function searchUrl(keyword: string, currentPath: string): string | null {
  const title = keyword.trim();
  if (!title) return null;
  const base = currentPath.replace(/\/+$/, '') === '/goods_cate' ? '/goods_cate' : '/goods_search';
  return `${base}?${new URLSearchParams({ title })}`;
}

/** The form action for the plain GET form that works before JavaScript. */
export function searchAction(currentPath: string): string {
  return currentPath.replace(/\/+$/, '') === '/goods_cate' ? '/goods_cate' : '/goods_search';
}
