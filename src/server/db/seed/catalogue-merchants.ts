/** Shop types, shop-street categories and the shops of the demo mall (and of the large bench mall). */
import { TOPS, LEAF_INFOS, brandIdByName, type LeafInfo } from './catalogue-data.ts';
import { entityRng, SEED_EPOCH, DAY } from './catalogue-random.ts';

export const MERCHANT_TYPES = [
  { merTypeId: 1, typeName: '旗舰店', typeInfo: '品牌官方直营', sort: 40, applicable: true },
  { merTypeId: 2, typeName: '专营店', typeInfo: '经营多个品牌的授权店铺', sort: 30, applicable: true },
  { merTypeId: 3, typeName: '专卖店', typeInfo: '品牌授权专卖', sort: 20, applicable: true },
  { merTypeId: 4, typeName: '自营', typeInfo: '商城自营，正品保障', sort: 50, applicable: false },
];

export const MERCHANT_CATEGORIES = TOPS.map((t, i) => ({ merchantCategoryId: i + 1, categoryName: t.shopCategory, sort: 100 - i }));

interface ShopSpec {
  name: string;
  type: number;
  /** Top-level category ids the shop sells in. */
  tops: number[];
  /** The one brand a flagship / exclusive shop sells. */
  brand?: string;
  best?: boolean;
}

const DEMO_SHOPS: ShopSpec[] = [
  { name: 'Mallfront自营旗舰店', type: 4, tops: [1, 2, 3, 4, 5, 6, 7, 8], best: true },
  { name: 'Mallfront自营数码馆', type: 4, tops: [1] },
  { name: 'Mallfront自营超市', type: 4, tops: [3, 7] },
  { name: 'Mallfront自营图书', type: 4, tops: [8] },
  { name: '星辰科技官方旗舰店', type: 1, tops: [1], brand: '星辰科技', best: true },
  { name: '极光数码专营店', type: 2, tops: [1] },
  { name: '织梦女装旗舰店', type: 1, tops: [2], brand: '织梦', best: true },
  { name: '南山牧场服饰专卖店', type: 3, tops: [2], brand: '南山牧场' },
  { name: '麦田服饰专营店', type: 2, tops: [2] },
  { name: '山野集食品旗舰店', type: 1, tops: [3], brand: '山野集' },
  { name: '茶语茗茶专卖店', type: 3, tops: [3], brand: '茶语' },
  { name: '花间集美妆旗舰店', type: 1, tops: [4], brand: '花间集', best: true },
  { name: '水漾护肤专营店', type: 2, tops: [4] },
  { name: '木之家家居旗舰店', type: 1, tops: [5], brand: '木之家' },
  { name: '暖居家纺专卖店', type: 3, tops: [5], brand: '暖居' },
  { name: '疾风运动旗舰店', type: 1, tops: [6], brand: '疾风' },
  { name: '野径户外专营店', type: 2, tops: [6] },
  { name: '贝贝熊母婴旗舰店', type: 1, tops: [7], brand: '贝贝熊' },
  { name: '小树苗玩具专营店', type: 2, tops: [7] },
  { name: '墨香书局专卖店', type: 3, tops: [8], brand: '墨香' },
];

export const DEMO_MERCHANTS = DEMO_SHOPS.length;
const TYPE_WORD: Record<number, string> = { 1: '官方旗舰店', 2: '专营店', 3: '专卖店' };

/** The shop spec of any merchant id: the 20 demo shops, then generated ones for the bench mall. */
export function shopSpec(merId: number): ShopSpec {
  if (merId <= DEMO_SHOPS.length) return DEMO_SHOPS[merId - 1]!;
  const r = entityRng('shop', merId);
  const top = r.int(1, TOPS.length);
  const type = r.pick([1, 2, 2, 3]);
  const brand = type === 2 ? undefined : r.pick(TOPS[top - 1]!.brands);
  const head = brand ?? `${r.pick(['优品', '嘉禾', '安然', '百川', '悦享', '鼎盛'])}${TOPS[top - 1]!.name}`;
  return { name: `${head}${TYPE_WORD[type]} ${merId}号店`, type, tops: [top], brand };
}

/** Leaf categories a shop sells in. */
export function shopLeaves(merId: number): LeafInfo[] {
  const tops = shopSpec(merId).tops;
  return LEAF_INFOS.filter((l) => tops.includes(l.topId));
}

const score = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

/** One merchant row; images are the generated `/media/mer-<id>-*.svg`. */
export function merchantRow(merId: number) {
  const s = shopSpec(merId);
  const r = entityRng('merchant', merId);
  const trader = s.type === 4;
  const img = (k: string) => `/media/mer-${merId}-${k}.svg`;
  return {
    merId,
    merName: s.name,
    merAvatar: img('avatar'),
    merBanner: img('banner'),
    banners: [img('banner'), img('banner-2')],
    merInfo: `${s.name}，${trader ? '商城自营，正品保障，极速发货' : '品牌授权，正品保障，七天无理由退货'}。`,
    merKeyword: [s.brand ?? '', ...s.tops.map((t) => TOPS[t - 1]!.name)].filter(Boolean).join(','),
    isTrader: trader,
    merTypeId: s.type,
    categoryId: s.tops[0]!,
    productScore: score(4.5 + r.next() * 0.5),
    serviceScore: score(4.4 + r.next() * 0.6),
    postageScore: score(4.3 + r.next() * 0.7),
    careCount: r.int(trader ? 5000 : 100, trader ? 50000 : 20000),
    servicePhone: `400-${r.int(100, 999)}-${r.int(1000, 9999)}`,
    servicesType: r.chance(0.2) ? 1 : 0,
    merAddress: r.pick([
      '上海市浦东新区张江路88号',
      '浙江省杭州市余杭区文一西路969号',
      '广东省深圳市南山区科技园',
      '北京市朝阳区望京街10号',
    ]),
    isBest: !!s.best,
    status: true,
    sort: merId <= DEMO_SHOPS.length ? 100 - merId : 0,
    licenceImages: [img('licence-1'), img('licence-2')],
    createdAt: new Date(SEED_EPOCH - (200 - (merId % 200)) * DAY),
    // Demo shops are told of orders and refunds in the SMS outbox (not from the random stream: the rest stays as seeded).
    noticePhone: `1370571${String(merId % 10000).padStart(4, '0')}`,
  };
}

/** A shop's own 2-level categories: one parent per mall level-2 group, one child per level-3 leaf. */
export function shopCategoryRows(merId: number) {
  const leaves = shopLeaves(merId);
  const groups = [...new Map(leaves.map((l) => [l.groupId, l.groupName])).entries()];
  return [
    ...groups.map(([groupId, name], i) => ({ merCateId: shopCateId(merId, groupId), merId, pid: 0, cateName: name, sort: 100 - i })),
    ...leaves.map((l, i) => ({
      merCateId: shopCateId(merId, l.id),
      merId,
      pid: shopCateId(merId, l.groupId),
      cateName: l.name,
      sort: 100 - i,
    })),
  ];
}

/** Shop category ids are derived: unique across shops, stable across runs. */
export function shopCateId(merId: number, storeCategoryId: number): number {
  return merId * 1000 + storeCategoryId;
}

export function brandOfShop(merId: number): number | undefined {
  const b = shopSpec(merId).brand;
  return b ? brandIdByName.get(b) : undefined;
}
