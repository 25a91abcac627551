/**
 * Every route of spec section 2 with a URL builder and its access rule.
 * `login`: visitors are sent to /login first; `guest`: signed-in users are sent home.
 * Pages are added by the issues that build them; this table is the contract they follow.
 */
type Query = Record<string, string | number | undefined | null>;

export interface RouteDef {
  path: string;
  login: boolean;
  guest?: boolean;
}

const r = (path: string, login = false, guest = false): RouteDef => ({ path, login, guest });

export const ROUTES = {
  home: r('/'),
  couponCenter: r('/coupon_center'),
  evaluation: r('/evaluation', true),
  goodsCate: r('/goods_cate'),
  goodsCoupon: r('/goods_coupon'),
  goodsList: r('/goods_list'),
  goodsPresell: r('/goods_presell'),
  goodsSearch: r('/goods_search'),
  goodsSeckill: r('/goods_seckill'),
  login: r('/login', false, true),
  /** Ours: where a signed-in phone confirms or refuses a QR login of another browser. */
  scanLogin: r('/scan_login', true),
  logistics: r('/logistics', true),
  logisticsDelivery: r('/logistics_delivery', true),
  merchantSettled: r('/merchant_settled', true),
  newsList: r('/news_list'),
  orderConfirm: r('/order_confirm', true),
  orderDetail: r('/order_detail', true),
  orderStayDetail: r('/order_stay_detail', true),
  payment: r('/payment', true),
  paymentFailed: r('/payment_failed', true),
  paymentSuccess: r('/payment_success', true),
  privacyAgreement: r('/privacy_agreement'),
  qualifications: r('/qualifications'),
  refund: r('/refund', true),
  refundConfirm: r('/refund_confirm', true),
  refundDetail: r('/refund_detail', true),
  refundGoods: r('/refund_goods', true),
  refundLogistics: r('/refund_logistics', true),
  shopMore: r('/shop_more'),
  shopStreet: r('/shop_street'),
  shoppingCart: r('/shopping_cart', true),
  goodsDetail: r('/goods_detail/[id]'),
  goodsPresellDetail: r('/goods_presell_detail/[id]'),
  goodsSeckillDetail: r('/goods_seckill_detail/[id]'),
  newsDetail: r('/news_detail/[id]'),
  store: r('/store'),
  storeCategory: r('/store/category'),
  storeCoupon: r('/store/storeCoupon'),
  user: r('/user', true),
  userAddressList: r('/user/address_list', true),
  userBalance: r('/user/balance', true),
  userCollect: r('/user/collect', true),
  userIntegral: r('/user/integral', true),
  userInvoiceList: r('/user/invoice_list', true),
  userMyCoupon: r('/user/my_coupon', true),
  userOrderList: r('/user/order_list', true),
  userPresellOrder: r('/user/presell_order', true),
  userRefundList: r('/user/refund_list', true),
  userRefundSelect: r('/user/refund_select', true),
  userSettleRecord: r('/user/settle_record', true),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Builds a URL: `[id]` is filled from `params.id`, the other defined values (`id` too on paths without `[id]`) become the query string. */
export function url(name: RouteName, params: Query = {}): string {
  let path: string = ROUTES[name].path;
  const rest: Query = { ...params };
  if (path.includes('[id]')) {
    const { id } = params;
    if (id === undefined || id === null || id === '') throw new Error(`route ${name} needs an id`);
    path = path.replace('[id]', encodeURIComponent(String(id)));
    delete rest.id;
  }
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The route a concrete pathname belongs to (trailing slash ignored), if any. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(ROUTES).find((d) => {
    if (!d.path.includes('[id]')) return d.path === p;
    const prefix = d.path.replace('[id]', '');
    return p.startsWith(prefix) && p.length > prefix.length && !p.slice(prefix.length).includes('/');
  });
}

/** Query values that are set (drops '', null, undefined) for URL building. */
function compact(q: Query): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));
}

type MerchantRoute = 'store' | 'storeCategory' | 'storeCoupon' | 'qualifications';

/**
 * URLs of the merchant (shop) pages, whose merchant id travels in the query (`/store?id=5`, id first) and
 * which leave empty values out. `url()` fills `id` only into `[id]` path segments.
 */
export function merchantUrl(name: MerchantRoute, q: { id: number | string } & Query): string {
  const qs = new URLSearchParams(compact(q)).toString();
  return qs ? `${ROUTES[name].path}?${qs}` : ROUTES[name].path;
}

/** `/store/category` URLs: merchant, category, keyword, order, price range and page (page 1 is left out). */
export function merchantCategoryUrl(q: {
  id: number;
  cate_id?: number | string;
  keyword?: string;
  order?: string;
  price_on?: string;
  price_off?: string;
  page?: number;
}): string {
  return merchantUrl('storeCategory', { ...q, page: q.page && q.page > 1 ? q.page : undefined });
}

/** Route-parameter validation shared by detail pages: ids are positive integers. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
}

/** Only same-site absolute paths may be redirected to (no `//host`, no scheme): no open redirect. */
export function safeLocalPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let v = raw;
  try {
    v = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^\/(?![/\\])[^\s]*$/.test(v) && !/[\\\u0000-\u001f]/.test(v) ? v : null;
}

/** What the page guard does with a request: carry on, or redirect (visitors to /login, users away from /login). */
export function guard(pathname: string, loggedIn: boolean): { redirect: string; remember?: boolean } | null {
  const def = matchRoute(pathname);
  if (!def) return null;
  if (def.login && !loggedIn) return { redirect: ROUTES.login.path, remember: true };
  if (def.guest && loggedIn) return { redirect: ROUTES.home.path };
  return null;
}
