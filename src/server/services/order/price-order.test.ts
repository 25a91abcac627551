import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  priceOrder,
  spread,
  templatePostage,
  PriceRefusal,
  type LineInput,
  type PriceInput,
  type CouponCandidate,
  type TemplateInput,
} from './price-order.ts';

const line = (o: Partial<LineInput>): LineInput => ({
  cartId: 1,
  merId: 1,
  productId: 10,
  productType: 0,
  cateId: 100,
  num: 1,
  price: 10000,
  otPrice: 12000,
  downPrice: 0,
  presellType: 0,
  weight: 50,
  tempId: null,
  deliveryFree: false,
  ...o,
});

const coupon = (o: Partial<CouponCandidate>): CouponCandidate => ({
  couponUserId: 1,
  couponId: 1,
  merId: 1,
  type: 0,
  couponPrice: 1000,
  useMinPrice: 0,
  title: '券',
  endTime: new Date('2027-01-01'),
  ...o,
});

const input = (o: Partial<PriceInput>): PriceInput => ({
  lines: [line({})],
  coupons: [],
  useCoupon: {},
  takes: new Set(),
  allowTake: new Set(),
  provinceId: 11,
  templates: new Map(),
  svipRate: null,
  integral: { open: true, use: false, available: 0, centsPerPoint: 1, maxRate: 50 },
  ...o,
});

const byCount: TemplateInput = {
  id: 1,
  type: 1,
  freePrice: 29900,
  undelivered: [65, 54],
  rules: [
    { regions: [], first: 1, firstPrice: 800, continue: 1, continuePrice: 200 },
    { regions: [15, 63], first: 1, firstPrice: 1500, continue: 2, continuePrice: 500 },
  ],
};

describe('spread()', () => {
  it('splits in proportion, adds up exactly, never past a weight', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), fc.nat(), (weights, n) => {
        const total = weights.reduce((a, b) => a + b, 0);
        const amount = total ? n % (total + 1) : 0;
        const parts = spread(amount, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
        parts.forEach((p, i) => {
          expect(Number.isInteger(p) && p >= 0 && p <= weights[i]!).toBe(true);
        });
      }),
    );
  });
});

describe('postage by template', () => {
  it('charges first + each further unit by region, free above the threshold', () => {
    expect(templatePostage(byCount, [line({ num: 3, price: 1000 })], 11)).toBe(800 + 2 * 200);
    expect(templatePostage(byCount, [line({ num: 4, price: 1000 })], 15)).toBe(1500 + 2 * 500);
    expect(templatePostage(byCount, [line({ num: 3, price: 10000 })], 11)).toBe(0);
    const byWeight: TemplateInput = {
      ...byCount,
      type: 2,
      rules: [{ regions: [], first: 100, firstPrice: 1000, continue: 50, continuePrice: 300 }],
    };
    expect(templatePostage(byWeight, [line({ num: 3, weight: 60, price: 100 })], 11)).toBe(1000 + Math.ceil(80 / 50) * 300);
  });

  it('marks lines outside the delivery area and frees pickup merchants', () => {
    const templates = new Map([[1, byCount]]);
    const far = priceOrder(input({ lines: [line({ tempId: 1, price: 100 })], templates, provinceId: 65 }));
    expect(far.status).toBe('noDeliver');
    expect(far.merchants[0]!.lines[0]!.undeliverable).toBe(true);
    const take = priceOrder(
      input({ lines: [line({ tempId: 1, price: 100 })], templates, provinceId: null, takes: new Set([1]), allowTake: new Set([1]) }),
    );
    expect(take.status).toBe('finish');
    expect(take.postage).toBe(0);
    expect(() => priceOrder(input({ takes: new Set([1]) }))).toThrow(PriceRefusal);
    expect(priceOrder(input({ provinceId: null })).status).toBe('noAddress');
  });
});

describe('coupons', () => {
  const lines = [
    line({ cartId: 1, merId: 1, productId: 10, price: 5000, num: 2 }),
    line({ cartId: 2, merId: 2, productId: 20, price: 3000, cateId: 200 }),
  ];
  const shop = coupon({ couponUserId: 1, merId: 1, couponPrice: 1000, useMinPrice: 9900 });
  const shopSmall = coupon({ couponUserId: 2, merId: 1, couponPrice: 500 });
  const product2 = coupon({ couponUserId: 3, merId: 2, type: 1, couponPrice: 800, productIds: new Set([20]) });
  const tooHigh = coupon({ couponUserId: 4, merId: 2, couponPrice: 2000, useMinPrice: 5000 });
  const platform = coupon({ couponUserId: 5, merId: 0, type: 10, couponPrice: 1500, useMinPrice: 10000 });
  const category = coupon({ couponUserId: 6, merId: 0, type: 11, couponPrice: 3000, cateIds: new Set([200]) });

  it('preselects the best coupon of each merchant and the best platform coupon', () => {
    const p = priceOrder(input({ lines, coupons: [shop, shopSmall, product2, tooHigh, platform, category] }));
    expect(p.merchants.map((m) => m.coupon)).toEqual([1000, 800]);
    expect(p.merchants[1]!.coupons.find((c) => c.couponUserId === 4)!.reason).toBe('未满50元');
    // After the merchant coupons 9000 + 2200 are left: the general coupon needs 10000 (ok, 1500); the category
    // coupon covers only merchant 2's 2200 (capped at 2200): 2200 > 1500 wins.
    expect(p.platformCoupon).toBe(2200);
    expect(p.platformCoupons.find((c) => c.checked)!.couponUserId).toBe(6);
    expect(p.pay).toBe(13000 - 1000 - 800 - 2200);
  });

  it('uses exactly the chosen coupons, none when the list is empty, and refuses foreign or doubled ones', () => {
    const cands = [shop, shopSmall, product2, platform];
    const p = priceOrder(input({ lines, coupons: cands, useCoupon: { 1: [2], 2: [], 0: [] } }));
    expect([p.coupon, p.platformCoupon]).toEqual([500, 0]);
    expect(() => priceOrder(input({ lines, coupons: cands, useCoupon: { 1: [99] } }))).toThrow('优惠券不存在或不可用');
    expect(() => priceOrder(input({ lines, coupons: cands, useCoupon: { 1: [1, 2] } }))).toThrow('每个店铺只能使用一张优惠券');
    expect(() => priceOrder(input({ lines, coupons: cands, useCoupon: { 2: [1] } }))).toThrow('优惠券不存在或不可用');
    // A chosen coupon that does not apply: the check shows it unchecked with its reason, create refuses it.
    const shownOnly = priceOrder(input({ lines, coupons: [tooHigh], useCoupon: { 2: [4] } }));
    expect(shownOnly.coupon).toBe(0);
    expect(shownOnly.merchants[1]!.coupons[0]).toMatchObject({ checked: false, reason: '未满50元' });
    expect(() => priceOrder(input({ lines, coupons: [tooHigh], useCoupon: { 2: [4] }, strictCoupons: true }))).toThrow('未满50元');
  });

  it('gives activity products no coupon', () => {
    const p = priceOrder(input({ lines: [line({ productType: 1 })], coupons: [shop, platform] }));
    expect(p.coupon + p.platformCoupon).toBe(0);
    expect(p.merchants[0]!.coupons[0]!.reason).toBe('活动商品不可使用优惠券');
  });
});

describe('points, member discount, deposits', () => {
  it('deducts at most the rate of what is left, in whole points, when asked', () => {
    const integral = { open: true, use: true, available: 100_000, centsPerPoint: 1, maxRate: 50 };
    const p = priceOrder(input({ lines: [line({ price: 9999 })], integral }));
    expect([p.integral, p.integralPrice, p.pay]).toEqual([4999, 4999, 5000]);
    const few = priceOrder(input({ integral: { ...integral, available: 300 } }));
    expect([few.integral, few.pay]).toEqual([300, 9700]);
    const off = priceOrder(input({ integral: { ...integral, use: false } }));
    expect([off.integral, off.usableIntegral]).toEqual([0, 5000]);
  });

  it('takes no points for a flash sale or a presale', () => {
    const integral = { open: true, use: true, available: 100_000, centsPerPoint: 1, maxRate: 50 };
    for (const activity of [line({ productType: 1, price: 9999 }), line({ productType: 2, presellType: 1, price: 9999 })]) {
      const p = priceOrder(input({ lines: [activity], integral }));
      expect([p.integral, p.integralPrice, p.usableIntegral, p.pay]).toEqual([0, 0, 0, 9999]);
    }
  });

  it('applies the member rate to normal goods only', () => {
    const p = priceOrder(input({ lines: [line({ price: 999, num: 3 }), line({ cartId: 2, productType: 1, price: 500 })], svipRate: 95 }));
    expect(p.svip).toBe(Math.floor((2997 * 5) / 100));
    expect(p.pay).toBe(2997 - 149 + 500);
  });

  it('charges a deposit presale its deposit now; its postage, from its template, is the balance’s', () => {
    const templates = new Map([[1, byCount]]);
    const p = priceOrder(
      input({ lines: [line({ productType: 2, presellType: 2, price: 10000, downPrice: 2000, num: 2, tempId: 1 })], templates }),
    );
    expect([p.goods, p.postage, p.pay]).toEqual([20000, 1000, 4000]);
    expect(p.merchants[0]!.lines[0]).toMatchObject({ postage: 1000, pay: 4000 });
    // Above the template's free-shipping threshold it ships free, as any line.
    const free = priceOrder(
      input({ lines: [line({ productType: 2, presellType: 2, price: 50000, downPrice: 5000, num: 2, tempId: 1 })], templates }),
    );
    expect([free.goods, free.postage, free.pay]).toEqual([100000, 0, 10000]);
  });
});

describe('price arithmetic (property)', () => {
  const arbLine = fc.record({
    merId: fc.integer({ min: 1, max: 3 }),
    productId: fc.integer({ min: 1, max: 6 }),
    num: fc.integer({ min: 1, max: 20 }),
    price: fc.integer({ min: 0, max: 500_000 }),
    tempId: fc.constantFrom(null, 1),
    cateId: fc.constantFrom(100, 200),
  });
  const arbCoupon = fc.record({
    merId: fc.integer({ min: 0, max: 3 }),
    type: fc.constantFrom(0, 1, 10, 11),
    couponPrice: fc.integer({ min: 1, max: 100_000 }),
    useMinPrice: fc.integer({ min: 0, max: 200_000 }),
  });

  it('adds up: every line pays goods − discounts + postage ≥ 0, and the order is the sum of its lines', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.array(arbCoupon, { maxLength: 5 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 80, max: 99 })),
        (ls, cs, usePoints, points, svipRate) => {
          const lines = ls.map((l, i) => line({ ...l, cartId: i + 1 }));
          const coupons = cs.map((c, i) =>
            coupon({
              ...c,
              couponUserId: i + 1,
              merId: c.type >= 10 ? 0 : c.merId || 1,
              productIds: new Set([1, 2, 3]),
              cateIds: new Set([200]),
            }),
          );
          const p = priceOrder(
            input({
              lines,
              coupons,
              svipRate,
              templates: new Map([[1, byCount]]),
              integral: { open: true, use: usePoints, available: points, centsPerPoint: 1, maxRate: 50 },
            }),
          );
          let pay = 0;
          for (const m of p.merchants) {
            expect(m.coupons.filter((c) => c.checked).length).toBeLessThanOrEqual(1);
            for (const l of m.lines) {
              const rest = l.goods - l.svip - l.coupon - l.platformCoupon - l.integralPrice;
              expect(rest).toBeGreaterThanOrEqual(0);
              expect(l.pay).toBe(rest + l.postage);
              pay += l.pay;
            }
          }
          expect(p.pay).toBe(pay);
          expect(p.pay).toBe(p.goods - p.svip - p.coupon - p.platformCoupon - p.integralPrice + p.postage);
          expect(p.integralPrice).toBe(p.integral);
          expect(p.integral).toBeLessThanOrEqual(points);
          expect(p.platformCoupons.filter((c) => c.checked).length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
