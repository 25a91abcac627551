/**
 * The price of a checkout, as one pure function of what was loaded: the check and the create both call it, so
 * the shopper is charged exactly what the check showed. Money is integer cents throughout.
 *
 * Order of the arithmetic, per line and then per merchant:
 * 1. goods: unit price × quantity;
 * 2. member (SVIP) discount on normal products: goods × (100 − rate) / 100, rounded down;
 * 3. one merchant coupon per merchant (shop coupon: all its normal goods; product coupon: the listed products),
 *    its threshold and cap on what it applies to after the member discount;
 * 4. one platform coupon for the whole order (general: every normal line; category: lines in its categories;
 *    cross-shop: lines of its shops), threshold and cap after the merchant coupons;
 * 5. points: at most `maxRate` % of what is left of the normal goods, whole points of `centsPerPoint`;
 * 6. postage per merchant from its shipping templates (free for pickup, free-shipping products and above a
 *    template's threshold of goods), added after every discount.
 * Activity lines (flash sale, presale) take no coupon, no member discount and no points; a deposit presale charges the
 * deposit now, and its postage (from its template, as any line's) with the balance: the line's `postage` is what the
 * balance will add to it (presell-dto.ts `lineBalance`), not part of its `pay`. Each order-level amount is spread over the lines it covers
 * (largest remainder), so every line knows what it was paid (refunds of some items need it).
 */

export interface LineInput {
  cartId: number;
  merId: number;
  productId: number;
  productType: 0 | 1 | 2;
  /** Level-3 category (category coupons). */
  cateId: number;
  num: number;
  /** Unit price charged (cents). */
  price: number;
  otPrice: number;
  /** Presale deposit per unit (cents) when `presellType` is 2. */
  downPrice: number;
  presellType: 0 | 1 | 2;
  /** SKU weight in hundredths of a kilogram. */
  weight: number;
  /** Shipping template; null ships free. */
  tempId: number | null;
  deliveryFree: boolean;
}

export interface CouponCandidate {
  couponUserId: number;
  couponId: number;
  /** 0 for platform coupons. */
  merId: number;
  type: number;
  couponPrice: number;
  useMinPrice: number;
  title: string;
  endTime: Date;
  /** Product coupons: the products; category coupons: the level-3 categories; cross-shop: the merchants. */
  productIds?: ReadonlySet<number>;
  cateIds?: ReadonlySet<number>;
  merIds?: ReadonlySet<number>;
}

export interface RegionRule {
  /** Province codes; empty for the template's default rule. */
  regions: readonly number[];
  /** In items (by count) or hundredths of a kilogram (by weight). */
  first: number;
  firstPrice: number;
  continue: number;
  continuePrice: number;
}

export interface TemplateInput {
  id: number;
  /** 1 by count, 2 by weight. */
  type: number;
  freePrice: number;
  undelivered: readonly number[];
  rules: readonly RegionRule[];
}

export interface PriceInput {
  lines: readonly LineInput[];
  coupons: readonly CouponCandidate[];
  /** Chosen coupons by merchant id (0: platform); a merchant missing from it gets the best coupon. */
  useCoupon: Readonly<Record<number, readonly number[]>>;
  /** Merchants switched to pickup. */
  takes: ReadonlySet<number>;
  /** Merchants that offer pickup. */
  allowTake: ReadonlySet<number>;
  /** The address's province code (0 overseas); null without an address. */
  provinceId: number | null;
  templates: ReadonlyMap<number, TemplateInput>;
  /** Member price rate in percent (95 = 5 % off), or null when the shopper gets no member discount. */
  svipRate: number | null;
  integral: { open: boolean; use: boolean; available: number; centsPerPoint: number; maxRate: number };
  /**
   * Create: a chosen coupon that does not apply is refused. Check (false): it is shown unchecked with its reason, so a
   * change elsewhere (quantity, address, pickup) never blocks the page.
   */
  strictCoupons?: boolean;
}

export interface PricedLine extends LineInput {
  goods: number;
  svip: number;
  coupon: number;
  platformCoupon: number;
  integralPrice: number;
  /** Its share of its merchant's postage; a deposit presale's is charged with the balance, not now. */
  postage: number;
  /** What the line is charged now. */
  pay: number;
  undeliverable: boolean;
}

export interface PricedCoupon extends CouponCandidate {
  checked: boolean;
  /** Why it cannot be used on this order ('' when it can). */
  reason: string;
  /** The discount it gives when used here (cents). */
  discount: number;
}

export interface PricedMerchant {
  merId: number;
  lines: PricedLine[];
  coupons: PricedCoupon[];
  isTake: boolean;
  allowTake: boolean;
  totalNum: number;
  goods: number;
  svip: number;
  coupon: number;
  platformCoupon: number;
  integral: number;
  integralPrice: number;
  postage: number;
  pay: number;
}

export type OrderStatus = 'finish' | 'noAddress' | 'noDeliver';

export interface PricedOrder {
  merchants: PricedMerchant[];
  platformCoupons: PricedCoupon[];
  status: OrderStatus;
  totalNum: number;
  goods: number;
  svip: number;
  coupon: number;
  platformCoupon: number;
  integral: number;
  integralPrice: number;
  /** Points the order could use and what they are worth (shown beside the toggle). */
  usableIntegral: number;
  usableIntegralPrice: number;
  postage: number;
  pay: number;
}

/** The most whole points that may pay `cents` of goods: `maxRate` % of them, a point worth `centsPerPoint` (at least 1). */
export const maxPointsFor = (cents: number, maxRate: number, centsPerPoint: number): number =>
  Math.floor((cents * maxRate) / 100 / Math.max(1, centsPerPoint));

/** A refusal of the input itself (a coupon that is not one of the shopper's usable ones, two per merchant). */
export class PriceRefusal extends Error {}

export const PRICE_TEXT = {
  notYours: '优惠券不存在或不可用',
  onePerMerchant: '每个店铺只能使用一张优惠券',
  onePlatform: '每笔订单只能使用一张平台优惠券',
  noTake: '该店铺不支持到店自提',
  notReached: (min: number) => `未满${(min / 100).toFixed(2).replace(/\.00$/, '')}元`,
  notApplicable: '订单中没有适用该券的商品',
  activity: '活动商品不可使用优惠券',
} as const;

/**
 * Splits `amount` over `weights` in proportion, in whole cents, the remainders going to the largest fractions
 * (ties to the earlier weight): the parts always add up to `amount` and none exceeds its weight when
 * `amount` ≤ the sum of the weights.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((amount * w) / total));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, frac: (amount * w) % total }))
    .filter((x) => weights[x.i]! > 0)
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]!++;
  return parts;
}

/** Postage of some lines under one template for a province (0 when free). */
export function templatePostage(t: TemplateInput, lines: readonly LineInput[], provinceId: number): number {
  const goods = lines.reduce((a, l) => a + l.price * l.num, 0);
  if (t.freePrice > 0 && goods >= t.freePrice) return 0;
  const rule = t.rules.find((r) => r.regions.includes(provinceId)) ?? t.rules.find((r) => r.regions.length === 0);
  if (!rule) return 0;
  const units = t.type === 2 ? lines.reduce((a, l) => a + l.weight * l.num, 0) : lines.reduce((a, l) => a + l.num, 0);
  if (units <= 0) return rule.firstPrice;
  const extra = Math.max(0, units - rule.first);
  return rule.firstPrice + Math.ceil(extra / rule.continue) * rule.continuePrice;
}

const isActivity = (l: LineInput) => l.productType !== 0;

/** Whether a coupon applies to a line (its kind and scope; thresholds are checked on totals). */
export function couponCovers(c: CouponCandidate, l: LineInput): boolean {
  if (isActivity(l)) return false;
  switch (c.type) {
    case 0:
      return l.merId === c.merId;
    case 1:
      return l.merId === c.merId && !!c.productIds?.has(l.productId);
    case 10:
      return true;
    case 11:
      return !!c.cateIds?.has(l.cateId);
    case 12:
      return !!c.merIds?.has(l.merId);
    default:
      return false;
  }
}

interface Work extends PricedLine {
  /** What a later discount may still take (goods after the discounts so far). */
  left: number;
}

/** Discount of `c` over `lines` given what is left of each, or a reason it does not apply. */
function evaluate(c: CouponCandidate, lines: readonly Work[]): { discount: number; reason: string; covered: Work[] } {
  const covered = lines.filter((l) => couponCovers(c, l));
  if (!covered.length) return { discount: 0, reason: lines.every(isActivity) ? PRICE_TEXT.activity : PRICE_TEXT.notApplicable, covered };
  const base = covered.reduce((a, l) => a + l.left, 0);
  if (base < c.useMinPrice || base <= 0) return { discount: 0, reason: PRICE_TEXT.notReached(c.useMinPrice), covered };
  return { discount: Math.min(c.couponPrice, base), reason: '', covered };
}

/** The usable coupon giving most, ties to the one that expires first. */
function best(cands: readonly CouponCandidate[], lines: readonly Work[]): CouponCandidate | null {
  let pick: { c: CouponCandidate; d: number } | null = null;
  for (const c of cands) {
    const { discount } = evaluate(c, lines);
    if (discount <= 0) continue;
    if (!pick || discount > pick.d || (discount === pick.d && c.endTime < pick.c.endTime)) pick = { c, d: discount };
  }
  return pick?.c ?? null;
}

/** Applies `c` to `lines`: spreads its discount over the lines it covers. */
function apply(c: CouponCandidate, lines: Work[], field: 'coupon' | 'platformCoupon'): number {
  const { discount, covered } = evaluate(c, lines);
  const parts = spread(
    discount,
    covered.map((l) => l.left),
  );
  covered.forEach((l, i) => {
    l[field] += parts[i]!;
    l.left -= parts[i]!;
  });
  return discount;
}

/** The chosen coupon if it applies; otherwise refused (create) or dropped, shown unchecked with its reason (check). */
function usable(c: CouponCandidate | null, lines: readonly Work[], strict = false): CouponCandidate | null {
  if (!c) return null;
  const { reason } = evaluate(c, lines);
  if (!reason) return c;
  if (strict) throw new PriceRefusal(`${c.title}：${reason}`);
  return null;
}

function chosen(ids: readonly number[] | undefined, cands: readonly CouponCandidate[], max: number, tooMany: string) {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length > max) throw new PriceRefusal(tooMany);
  return unique.map((id) => {
    const c = cands.find((x) => x.couponUserId === id);
    if (!c) throw new PriceRefusal(PRICE_TEXT.notYours);
    return c;
  });
}

export function priceOrder(input: PriceInput): PricedOrder {
  for (const m of input.takes) if (!input.allowTake.has(m)) throw new PriceRefusal(PRICE_TEXT.noTake);
  const merIds = [...new Set(input.lines.map((l) => l.merId))];
  const known = new Set([0, ...merIds]);
  for (const k of Object.keys(input.useCoupon)) {
    const ids = input.useCoupon[Number(k)] ?? [];
    if (!known.has(Number(k)) && ids.length) throw new PriceRefusal(PRICE_TEXT.notYours);
  }

  const work: Work[] = input.lines.map((l) => {
    const goods = l.price * l.num;
    const svip = input.svipRate !== null && !isActivity(l) ? Math.floor((goods * (100 - input.svipRate)) / 100) : 0;
    return {
      ...l,
      goods,
      svip,
      coupon: 0,
      platformCoupon: 0,
      integralPrice: 0,
      postage: 0,
      pay: 0,
      undeliverable: false,
      left: goods - svip,
    };
  });

  // 3. Merchant coupons.
  const workOf = new Map(merIds.map((merId) => [merId, work.filter((l) => l.merId === merId)]));
  const merchants: PricedMerchant[] = merIds.map((merId) => {
    const lines = workOf.get(merId)!;
    const cands = input.coupons.filter((c) => c.merId === merId && c.merId !== 0);
    const picked = chosen(input.useCoupon[merId], cands, 1, PRICE_TEXT.onePerMerchant);
    const use = usable(picked ? (picked[0] ?? null) : best(cands, lines), lines, input.strictCoupons);
    const coupons: PricedCoupon[] = cands.map((c) => {
      const e = evaluate(c, lines);
      return { ...c, checked: c === use, reason: e.reason, discount: e.discount };
    });
    if (use) apply(use, lines, 'coupon');
    const isTake = input.takes.has(merId);
    return {
      merId,
      lines,
      coupons,
      isTake,
      allowTake: input.allowTake.has(merId),
      totalNum: 0,
      goods: 0,
      svip: 0,
      coupon: 0,
      platformCoupon: 0,
      integral: 0,
      integralPrice: 0,
      postage: 0,
      pay: 0,
    };
  });

  // 4. One platform coupon.
  const platformCands = input.coupons.filter((c) => c.merId === 0);
  const platformPicked = chosen(input.useCoupon[0], platformCands, 1, PRICE_TEXT.onePlatform);
  const platformUse = usable(platformPicked ? (platformPicked[0] ?? null) : best(platformCands, work), work, input.strictCoupons);
  const platformCoupons: PricedCoupon[] = platformCands.map((c) => {
    const e = evaluate(c, work);
    return { ...c, checked: c === platformUse, reason: e.reason, discount: e.discount };
  });
  if (platformUse) apply(platformUse, work, 'platformCoupon');

  // 5. Points, on what is left of the normal goods (not a flash sale nor a presale, as the product page's max_integral says).
  const { integral } = input;
  const pointLines = work.filter((l) => !isActivity(l));
  const left = pointLines.reduce((a, l) => a + l.left, 0);
  const cpp = Math.max(1, integral.centsPerPoint);
  const usableIntegral = integral.open ? Math.min(Math.max(0, integral.available), maxPointsFor(left, integral.maxRate, cpp)) : 0;
  const usePoints = integral.use ? usableIntegral : 0;
  const parts = spread(
    usePoints * cpp,
    pointLines.map((l) => l.left),
  );
  pointLines.forEach((l, i) => {
    l.integralPrice = parts[i]!;
    l.left -= parts[i]!;
  });
  const pointShares = spread(
    usePoints,
    merchants.map((m) => m.lines.reduce((a, l) => a + l.integralPrice, 0)),
  );

  // 6. Postage, and the totals.
  let noDeliver = false;
  merchants.forEach((m, mi) => {
    const lines = workOf.get(m.merId)!;
    if (!m.isTake && input.provinceId !== null) {
      const byTemplate = new Map<number, Work[]>();
      for (const l of lines) {
        const t = l.tempId === null ? undefined : input.templates.get(l.tempId);
        if (!t) continue;
        if (t.undelivered.includes(input.provinceId)) {
          l.undeliverable = true;
          noDeliver = true;
        }
        if (l.deliveryFree) continue;
        byTemplate.set(t.id, [...(byTemplate.get(t.id) ?? []), l]);
      }
      for (const [id, ls] of byTemplate) {
        const fee = templatePostage(input.templates.get(id)!, ls, input.provinceId);
        spread(
          fee,
          ls.map((l) => Math.max(1, l.goods)),
        ).forEach((p, i) => {
          ls[i]!.postage += p;
        });
      }
    }
    for (const l of lines) {
      // A deposit presale pays its deposit now; the balance brings the rest of its price and its postage.
      l.pay = l.presellType === 2 ? l.downPrice * l.num : l.left + l.postage;
    }
    const sum = (f: (l: Work) => number) => lines.reduce((a, l) => a + f(l), 0);
    m.totalNum = sum((l) => l.num);
    m.goods = sum((l) => l.goods);
    m.svip = sum((l) => l.svip);
    m.coupon = sum((l) => l.coupon);
    m.platformCoupon = sum((l) => l.platformCoupon);
    m.integralPrice = sum((l) => l.integralPrice);
    m.integral = pointShares[mi]!;
    m.postage = sum((l) => l.postage);
    m.pay = sum((l) => l.pay);
    for (const l of lines) delete (l as Partial<Work>).left;
  });

  const total = (f: (m: PricedMerchant) => number) => merchants.reduce((a, m) => a + f(m), 0);
  const needsAddress = merchants.some((m) => !m.isTake);
  return {
    merchants,
    platformCoupons,
    status: needsAddress && input.provinceId === null ? 'noAddress' : noDeliver ? 'noDeliver' : 'finish',
    totalNum: total((m) => m.totalNum),
    goods: total((m) => m.goods),
    svip: total((m) => m.svip),
    coupon: total((m) => m.coupon),
    platformCoupon: total((m) => m.platformCoupon),
    integral: usePoints,
    integralPrice: total((m) => m.integralPrice),
    usableIntegral,
    usableIntegralPrice: usableIntegral * cpp,
    postage: total((m) => m.postage),
    pay: total((m) => m.pay),
  };
}
