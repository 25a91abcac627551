/** Coupons of every kind: platform, category, cross-shop, shop and product; fixed-range and N-day ones. */
import { DEMO_MERCHANTS, shopSpec } from './catalogue-merchants.ts';
import { seedAt } from './seed-day.ts';

// Dated around the day the mall is seeded (seed-day.ts): usable from a month before it to a year after.
const FIXED = { couponType: 1, useStartTime: seedAt(-30), useEndTime: seedAt(365) };
const DAYS = (n: number) => ({ couponType: 0, couponTime: n, useStartTime: null, useEndTime: null });

interface CouponSeed {
  couponId: number;
  merId: number;
  title: string;
  type: number;
  couponPrice: number;
  useMinPrice: number;
  couponType: number;
  couponTime?: number;
  useStartTime: Date | null;
  useEndTime: Date | null;
  startTime?: Date | null;
  endTime?: Date | null;
  isLimited?: boolean;
  totalCount?: number;
  remainCount?: number;
  userLimit?: number;
  sort?: number;
}

const yuan = (n: number) => n * 100;

const PLATFORM: CouponSeed[] = [
  {
    couponId: 1,
    merId: 0,
    title: '平台通用券',
    type: 10,
    couponPrice: yuan(20),
    useMinPrice: yuan(199),
    ...DAYS(7),
    isLimited: true,
    totalCount: 1000,
    remainCount: 862,
    sort: 100,
  },
  { couponId: 2, merId: 0, title: '新人专享券', type: 10, couponPrice: yuan(10), useMinPrice: yuan(99), ...FIXED, sort: 99 },
  {
    couponId: 3,
    merId: 0,
    title: '限量大额券',
    type: 10,
    couponPrice: yuan(100),
    useMinPrice: yuan(500),
    ...DAYS(3),
    isLimited: true,
    totalCount: 20,
    remainCount: 3,
    sort: 98,
  },
  {
    couponId: 4,
    merId: 0,
    title: '数码品类券',
    type: 11,
    couponPrice: yuan(60),
    useMinPrice: yuan(1000),
    ...FIXED,
    isLimited: true,
    totalCount: 500,
    remainCount: 431,
    sort: 90,
  },
  { couponId: 5, merId: 0, title: '美妆专享券', type: 11, couponPrice: yuan(30), useMinPrice: yuan(200), ...DAYS(15), sort: 89 },
  { couponId: 6, merId: 0, title: '食品生鲜券', type: 11, couponPrice: yuan(8), useMinPrice: yuan(88), ...FIXED, userLimit: 3, sort: 88 },
  { couponId: 7, merId: 0, title: '跨店满减券', type: 12, couponPrice: yuan(40), useMinPrice: yuan(300), ...FIXED, sort: 80 },
  {
    couponId: 8,
    merId: 0,
    title: '品牌联合券',
    type: 12,
    couponPrice: yuan(15),
    useMinPrice: yuan(150),
    ...DAYS(10),
    userLimit: 2,
    sort: 79,
  },
  // Outside their claim windows: never offered in the coupon centre.
  {
    couponId: 9,
    merId: 0,
    title: '已结束的年货节券',
    type: 10,
    couponPrice: yuan(50),
    useMinPrice: yuan(100),
    ...DAYS(7),
    startTime: seedAt(-90),
    endTime: seedAt(-60),
    sort: 10,
  },
  {
    couponId: 10,
    merId: 0,
    title: '未开始的周年庆券',
    type: 10,
    couponPrice: yuan(20),
    useMinPrice: yuan(100),
    ...DAYS(7),
    startTime: seedAt(30),
    endTime: seedAt(60),
    sort: 10,
  },
];

export const CATEGORY_LINKS = [
  { couponId: 4, storeCategoryId: 1 },
  { couponId: 5, storeCategoryId: 4 },
  { couponId: 6, storeCategoryId: 3 },
];
export const MERCHANT_LINKS = [5, 7, 12, 14, 16]
  .map((merId) => ({ couponId: 7, merId }))
  .concat([10, 11, 18, 19].map((merId) => ({ couponId: 8, merId })));

const SHOP_OFFERS: [number, number][] = [
  [99, 10],
  [199, 20],
  [299, 30],
  [59, 5],
  [500, 50],
];

/** One shop coupon per shop (ids 11..30); every third is limited, every fourth may be claimed twice. */
function shopCoupons(): CouponSeed[] {
  return Array.from({ length: DEMO_MERCHANTS }, (_, i) => {
    const merId = i + 1;
    const [min, off] = SHOP_OFFERS[i % SHOP_OFFERS.length]!;
    const limited = merId % 3 === 0;
    return {
      couponId: 10 + merId,
      merId,
      title: `${shopSpec(merId).name}店铺券`,
      type: 0,
      couponPrice: yuan(off),
      useMinPrice: yuan(min),
      ...(merId % 2 ? DAYS(15) : FIXED),
      isLimited: limited,
      totalCount: limited ? 200 : 0,
      remainCount: limited ? 120 + merId : 0,
      userLimit: merId % 4 === 0 ? 2 : 1,
      sort: 50,
    };
  });
}

const PRODUCT_COUPON_SHOPS = [5, 7, 10, 12, 14, 16];

/** Product coupons (ids 31..36) for the first five demo products of some shops (product id = shop + 20k). */
function productCoupons(): CouponSeed[] {
  return PRODUCT_COUPON_SHOPS.map((merId, i) => ({
    couponId: 31 + i,
    merId,
    title: '单品立减券',
    type: 1,
    couponPrice: yuan(5 + i * 5),
    useMinPrice: yuan(49 + i * 50),
    ...(i % 2 ? FIXED : DAYS(30)),
    isLimited: i === 0,
    totalCount: i === 0 ? 50 : 0,
    remainCount: i === 0 ? 1 : 0,
    sort: 60,
  }));
}

export const PRODUCT_LINKS = PRODUCT_COUPON_SHOPS.flatMap((merId, i) =>
  [0, 1, 2, 3, 4].map((k) => ({ couponId: 31 + i, productId: merId + 20 * k })),
);

export function couponRows() {
  return [...PLATFORM, ...shopCoupons(), ...productCoupons()].map((c) => ({
    couponTime: 0,
    startTime: null,
    endTime: null,
    isLimited: false,
    totalCount: 0,
    remainCount: 0,
    userLimit: 1,
    sort: 0,
    ...c,
    createdAt: seedAt(-120),
  }));
}
