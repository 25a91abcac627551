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
  /** The route has a page (src/pages): only these are linked from menus and prefetched. */
  built?: boolean;
  /** A user-centre route's entry in the `/user` left menu: label and place (reference `/user` layout order). */
  menu?: { label: string; order: number };
}

const r = (path: string, login = false, guest = false, more: Pick<RouteDef, 'built' | 'menu'> = {}): RouteDef => ({
  path,
  login,
  guest,
  ...more,
});
/** A route that has a page. */
const built = { built: true } as const;
/** A user-centre route with its menu entry (built or not: the menu shows only the built ones). */
const menu = (label: string, order: number) => ({ menu: { label, order } });

export const ROUTES = {
  home: r('/', false, false, built),
  couponCenter: r('/coupon_center', false, false, built),
  evaluation: r('/evaluation', true, false, built),
  goodsCate: r('/goods_cate', false, false, built),
  goodsCoupon: r('/goods_coupon', false, false, built),
  goodsList: r('/goods_list', false, false, built),
  goodsPresell: r('/goods_presell', false, false, built),
  /** The reference build's extra route `/goods_ranking/:cate_id?`: the overall best sellers, or a top-level category's. */
  goodsRanking: r('/goods_ranking', false, false, built),
  goodsRankingCate: r('/goods_ranking/[id]', false, false, built),
  goodsSearch: r('/goods_search', false, false, built),
  goodsSeckill: r('/goods_seckill', false, false, built),
  login: r('/login', false, true, built),
  /** Ours: where a signed-in phone confirms or refuses a QR login of another browser. */
  scanLogin: r('/scan_login', true, false, built),
  /** Ours: the sandbox payment gateway's page a phone opens from a payment QR code (the payer need not sign in). */
  sandboxPay: r('/sandbox_pay', false, false, built),
  logistics: r('/logistics', true, false, built),
  logisticsDelivery: r('/logistics_delivery', true, false, built),
  merchantSettled: r('/merchant_settled', true, false, built),
  newsList: r('/news_list', false, false, built),
  orderConfirm: r('/order_confirm', true, false, built),
  orderDetail: r('/order_detail', true, false, built),
  orderStayDetail: r('/order_stay_detail', true, false, built),
  payment: r('/payment', true, false, built),
  paymentFailed: r('/payment_failed', true, false, built),
  paymentSuccess: r('/payment_success', true, false, built),
  privacyAgreement: r('/privacy_agreement', false, false, built),
  qualifications: r('/qualifications', false, false, built),
  refund: r('/refund', true, false, built),
  refundConfirm: r('/refund_confirm', true, false, built),
  refundDetail: r('/refund_detail', true, false, built),
  refundGoods: r('/refund_goods', true, false, built),
  refundLogistics: r('/refund_logistics', true, false, built),
  shopMore: r('/shop_more', false, false, built),
  shopStreet: r('/shop_street', false, false, built),
  shoppingCart: r('/shopping_cart', true, false, built),
  goodsDetail: r('/goods_detail/[id]', false, false, built),
  goodsPresellDetail: r('/goods_presell_detail/[id]', false, false, built),
  goodsSeckillDetail: r('/goods_seckill_detail/[id]', false, false, built),
  newsDetail: r('/news_detail/[id]', false, false, built),
  store: r('/store', false, false, built),
  storeCategory: r('/store/category', false, false, built),
  storeCoupon: r('/store/storeCoupon', false, false, built),
  user: r('/user', true, false, { ...built, ...menu('账户管理', 1) }),
  userAddressList: r('/user/address_list', true, false, { ...built, ...menu('地址管理', 8) }),
  userBalance: r('/user/balance', true, false, { ...built, ...menu('我的余额', 5) }),
  userCollect: r('/user/collect', true, false, { ...built, ...menu('我的收藏', 7) }),
  userIntegral: r('/user/integral', true, false, { ...built, ...menu('我的积分', 6) }),
  userInvoiceList: r('/user/invoice_list', true, false, { ...built, ...menu('我的发票', 10) }),
  userMyCoupon: r('/user/my_coupon', true, false, { ...built, ...menu('我的优惠券', 9) }),
  userOrderList: r('/user/order_list', true, false, { ...built, ...menu('我的订单', 2) }),
  userPresellOrder: r('/user/presell_order', true, false, { ...built, ...menu('预售订单', 3) }),
  userRefundList: r('/user/refund_list', true, false, { ...built, ...menu('售后/退款', 4) }),
  userRefundSelect: r('/user/refund_select', true, false, built),
  userSettleRecord: r('/user/settle_record', true, false, { ...built, ...menu('入驻记录', 11) }),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Builds a URL: `[id]` is filled from `params.id`, the other defined values (`id` too on paths without `[id]`) become the query string. */
export function url(name: RouteName, params: Query = {}): string {
  let path: string = ROUTES[name].path;
  const filled = path.includes('[id]');
  if (filled) {
    const { id } = params;
    if (id === undefined || id === null || id === '') throw new Error(`route ${name} needs an id`);
    path = path.replace('[id]', encodeURIComponent(String(id)));
  }
  // Pages build hundreds of links (every card, menu entry and page number): the query is written here, as
  // URLSearchParams writes it, without making one.
  let qs = '';
  for (const k in params) {
    const v = params[k];
    if (v === undefined || v === null || (filled && k === 'id')) continue;
    qs += `${qs ? '&' : '?'}${formEncode(k)}=${formEncode(String(v))}`;
  }
  return path + qs;
}

const FORM_EXTRA = /[!'()~]|%20/g;
const formExtra = (c: string) => (c === '%20' ? '+' : `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A query-string name or value as URLSearchParams serializes it (application/x-www-form-urlencoded: only letters,
 * digits and `*-._` as they are, a space as `+`): encodeURIComponent, which also leaves `!'()~`, then those.
 */
export function formEncode(text: string): string {
  if (/^[\w.*-]*$/.test(text)) return text;
  try {
    return encodeURIComponent(text).replace(FORM_EXTRA, formExtra);
  } catch {
    // A lone surrogate: URLSearchParams writes it as U+FFFD.
    return new URLSearchParams({ v: text }).toString().slice(2);
  }
}

/**
 * The routes in table order, each with what comes before its `[id]` (null: an exact path): made at the first call, not
 * per request, and not at load either (the browser bundles import this module).
 */
let routeList: { def: RouteDef; prefix: string | null }[] | undefined;

/** The route a concrete pathname belongs to (trailing slash ignored), if any. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  routeList ??= (Object.values(ROUTES) as RouteDef[]).map((def) => ({
    def,
    prefix: def.path.includes('[id]') ? def.path.replace('[id]', '') : null,
  }));
  return routeList.find(({ def, prefix }) => {
    if (prefix === null) return def.path === p;
    return p.startsWith(prefix) && p.length > prefix.length && p.indexOf('/', prefix.length) === -1;
  })?.def;
}

/**
 * What the browser's link prefetcher must leave alone (src/client/navigation.ts): paths of routes without a page
 * (they answer 404) and paths only a signed-in shopper may open (a visitor would fetch a redirect to /login). Every
 * other path, built public routes included, may be prefetched, so the browser gets these two short lists (baked in
 * at build time by src/integrations) instead of the whole route table.
 */
export function prefetchRules(): { never: string[]; signedIn: string[] } {
  const defs = Object.values(ROUTES) as RouteDef[];
  const listed = defs.filter((d) => !d.built || d.login);
  const dynamic = listed.find((d) => d.path.includes('['));
  if (dynamic) throw new Error(`prefetchRules lists exact paths only: ${dynamic.path}`);
  return {
    never: listed.filter((d) => !d.built).map((d) => d.path),
    signedIn: listed.filter((d) => d.built && d.login).map((d) => d.path),
  };
}

/** Query values that are set (drops '', null, undefined) for URL building. */
function compact(q: Query): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
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

/** The payment page of a presale's balance: `/payment?result=<store order id>&type=2`. */
export const presellBalanceUrl = (orderId: number): string => url('payment', { result: orderId, type: 2 });

/** Route-parameter validation shared by detail pages: ids are positive integers. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
}

/**
 * The link a refusal's error page offers back to the page of the record a query id names (an order's detail from a
 * refund page): undefined when the id is not one.
 */
export function backToRecord(
  name: RouteName,
  param: string,
  raw: string | null,
  label: string,
): { href: string; label: string } | undefined {
  const id = parseId(raw ?? undefined);
  return id === null ? undefined : { href: url(name, { [param]: id }), label };
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
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check refuses
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
