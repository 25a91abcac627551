/**
 * The state of a product listing (search, category, coupon products) as it lives in the URL, and the one
 * function that writes it back. Every filter, sort and page of these pages is a real link built here, so
 * they work without JavaScript and crawlers can follow them. Pure: no server imports.
 */
export interface ListingState {
  /** Category (any level), `/goods_cate?sid=`. */
  sid?: number;
  /** Keyword, `title` in the page URL (`keyword` in the API). */
  title: string;
  brand_id: number[];
  mer_type_id: number[];
  /** `{parameter_id: [values]}`, written as JSON. */
  filter_params: Record<string, string[]>;
  /** Yuan as the shopper typed them, normalised ("99", "99.5"). */
  price_on?: string;
  price_off?: string;
  order: string;
  page: number;
  /** Only when the URL asked for one; otherwise the page's default. */
  limit?: number;
}

export type Href = (change?: Partial<ListingState>) => string;

/** Adds or removes a value. */
export function toggled<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** The same parameter filters with one value of one parameter switched on or off (empty ones dropped). */
export function toggledParam(params: Record<string, string[]>, id: string | number, value: string): Record<string, string[]> {
  const next = { ...params, [id]: toggled(params[id] ?? [], value) };
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v.length));
}

function paramsJson(params: Record<string, string[]>): string | undefined {
  const keys = Object.keys(params)
    .filter((k) => params[k]!.length)
    .sort((a, b) => Number(a) - Number(b));
  if (!keys.length) return undefined;
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, [...params[k]!].sort()])));
}

/**
 * A link builder for one listing page: `fixed` holds the page's identity (`{id}` of a coupon); a change
 * of any filter goes back to page 1 unless the change sets `page`. Parameters come in a stable order and
 * defaults are left out, so the same selection always has the same URL.
 */
export function listingHref(path: string, state: ListingState, fixed: Record<string, string | number> = {}): Href {
  return (change = {}) => {
    const s: ListingState = { ...state, page: 1, ...change };
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(fixed)) q.set(k, String(v));
    if (s.sid !== undefined) q.set('sid', String(s.sid));
    if (s.title) q.set('title', s.title);
    if (s.brand_id.length) q.set('brand_id', [...s.brand_id].sort((a, b) => a - b).join(','));
    if (s.mer_type_id.length) q.set('mer_type_id', [...s.mer_type_id].sort((a, b) => a - b).join(','));
    const fp = paramsJson(s.filter_params);
    if (fp) q.set('filter_params', fp);
    if (s.price_on) q.set('price_on', s.price_on);
    if (s.price_off) q.set('price_off', s.price_off);
    if (s.order) q.set('order', s.order);
    if (s.limit !== undefined) q.set('limit', String(s.limit));
    if (s.page > 1) q.set('page', String(s.page));
    const qs = q.toString();
    return qs ? `${path}?${qs}` : path;
  };
}

/** Whether anything narrows the list beyond its identity (category / keyword / coupon). */
export function isFiltered(s: ListingState): boolean {
  return !!(s.brand_id.length || s.mer_type_id.length || Object.keys(s.filter_params).length || s.price_on || s.price_off);
}

/** The sorts the reference offers on list pages: default, sales, rating, price up, price down. */
export const SORTS = [
  { order: '', label: '综合' },
  { order: 'sales', label: '销量' },
  { order: 'rate', label: '评分' },
  { order: 'price_asc', label: '价格从低到高' },
  { order: 'price_desc', label: '价格从高到低' },
] as const;
