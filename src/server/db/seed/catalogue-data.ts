/**
 * The demo mall's category tree, spec presets and parameters. Ids are fixed: level 1 = 1..8,
 * level 2 = 9..24, level 3 = 25..60, in the order written here.
 */
import { LEAVES, type LeafSpec } from './catalogue-leaves.ts';

export type Pictogram = 'phone' | 'shirt' | 'food' | 'lipstick' | 'home' | 'ball' | 'baby' | 'book';

export interface ParamSpec {
  name: string;
  values: string[];
}

export interface TopSpec {
  name: string;
  icon: Pictogram;
  /** Shop-street category of the shops selling it. */
  shopCategory: string;
  brands: string[];
  params: ParamSpec[];
  groups: { name: string; leaves: string[] }[];
}

export const TOPS: TopSpec[] = [
  {
    name: '数码',
    icon: 'phone',
    shopCategory: '数码家电',
    brands: ['星辰科技', '极光', '青橙', '磐石', '云帆'],
    params: [
      { name: '产地', values: ['中国大陆', '越南', '印度'] },
      { name: '保修期', values: ['1年', '2年', '3年'] },
      { name: '上市年份', values: ['2023年', '2024年', '2025年'] },
    ],
    groups: [
      { name: '手机通讯', leaves: ['手机', '智能手表'] },
      { name: '电脑办公', leaves: ['笔记本电脑', '无线耳机', '机械键盘'] },
    ],
  },
  {
    name: '服饰',
    icon: 'shirt',
    shopCategory: '服饰鞋包',
    brands: ['织梦', '南山牧场', '麦田', '素衣坊', '初见'],
    params: [
      { name: '材质', values: ['纯棉', '涤纶', '羊毛', '真丝', '亚麻'] },
      { name: '风格', values: ['休闲', '简约', '商务', '复古', '通勤'] },
      { name: '适用季节', values: ['春季', '夏季', '秋季', '冬季', '四季'] },
      { name: '版型', values: ['修身', '宽松', '直筒'] },
    ],
    groups: [
      { name: '女装', leaves: ['连衣裙', '针织衫'] },
      { name: '男装', leaves: ['T恤', '休闲裤', '羽绒服'] },
    ],
  },
  {
    name: '食品',
    icon: 'food',
    shopCategory: '食品生鲜',
    brands: ['山野集', '茶语', '良田记', '味之源', '果园里'],
    params: [
      { name: '产地', values: ['云南', '福建', '浙江', '新疆', '四川', '黑龙江'] },
      { name: '保质期', values: ['6个月', '12个月', '18个月'] },
      { name: '储存方式', values: ['常温', '冷藏', '阴凉干燥处'] },
    ],
    groups: [
      { name: '休闲零食', leaves: ['坚果炒货', '饼干糕点'] },
      { name: '茶饮冲调', leaves: ['茶叶', '咖啡'] },
    ],
  },
  {
    name: '美妆',
    icon: 'lipstick',
    shopCategory: '美妆个护',
    brands: ['花间集', '水漾', '柔肌', '青黛', '玉容'],
    params: [
      { name: '适用肤质', values: ['任何肤质', '干性肌肤', '油性肌肤', '混合性肌肤', '敏感性肌肤'] },
      { name: '功效', values: ['保湿', '提亮', '控油', '紧致', '修护'] },
      { name: '产地', values: ['中国大陆', '日本', '法国', '韩国'] },
    ],
    groups: [
      { name: '彩妆', leaves: ['口红', '粉底液'] },
      { name: '护肤', leaves: ['面霜', '精华液', '面膜'] },
    ],
  },
  {
    name: '家居',
    icon: 'home',
    shopCategory: '家居家装',
    brands: ['木之家', '暖居', '简然', '棉麻记', '光影'],
    params: [
      { name: '材质', values: ['实木', '棉麻', '金属', '陶瓷', '竹纤维'] },
      { name: '风格', values: ['北欧', '新中式', '日式', '现代简约'] },
      { name: '产地', values: ['广东', '浙江', '江苏', '福建'] },
    ],
    groups: [
      { name: '家纺', leaves: ['四件套', '枕头'] },
      { name: '灯具家具', leaves: ['台灯', '收纳柜'] },
    ],
  },
  {
    name: '运动',
    icon: 'ball',
    shopCategory: '运动户外',
    brands: ['疾风', '野径', '跃动', '旋风', '轻燕'],
    params: [
      { name: '适用场景', values: ['跑步', '健身', '户外', '篮球', '瑜伽'] },
      { name: '材质', values: ['网面', '聚酯纤维', '橡胶', '尼龙'] },
      { name: '适用人群', values: ['男士', '女士', '通用'] },
    ],
    groups: [
      { name: '运动鞋服', leaves: ['跑步鞋', '运动T恤'] },
      { name: '健身户外', leaves: ['瑜伽垫', '篮球', '帐篷'] },
    ],
  },
  {
    name: '母婴',
    icon: 'baby',
    shopCategory: '母婴玩具',
    brands: ['贝贝熊', '小树苗', '萌宝', '暖暖', '启航'],
    params: [
      { name: '适用年龄', values: ['0-6个月', '6-12个月', '1-3岁', '3岁以上'] },
      { name: '产地', values: ['中国大陆', '新西兰', '荷兰', '德国'] },
      { name: '执行标准', values: ['GB 10765', 'GB 6675', 'EN71'] },
    ],
    groups: [
      { name: '奶粉辅食', leaves: ['婴儿奶粉', '米粉辅食'] },
      { name: '玩具', leaves: ['积木', '毛绒玩具'] },
    ],
  },
  {
    name: '图书',
    icon: 'book',
    shopCategory: '图书音像',
    brands: ['墨香', '文心', '知行', '青灯', '博文'],
    params: [
      { name: '出版社', values: ['人民文学出版社', '中信出版社', '商务印书馆', '三联书店', '机械工业出版社'] },
      { name: '装帧', values: ['平装', '精装'] },
      { name: '语种', values: ['中文', '英文', '中英对照'] },
    ],
    groups: [
      { name: '文学', leaves: ['小说', '散文'] },
      { name: '科技', leaves: ['编程', '科普'] },
    ],
  },
];

export interface CategoryRow {
  storeCategoryId: number;
  pid: number;
  cateName: string;
  level: number;
  sort: number;
}

export interface LeafInfo extends LeafSpec {
  id: number;
  name: string;
  groupId: number;
  groupName: string;
  topId: number;
  top: TopSpec;
}

function build() {
  const rows: CategoryRow[] = [];
  const leaves: LeafInfo[] = [];
  let groupId = TOPS.length;
  let leafId = TOPS.length + TOPS.reduce((n, t) => n + t.groups.length, 0);
  TOPS.forEach((top, ti) => {
    const topId = ti + 1;
    rows.push({ storeCategoryId: topId, pid: 0, cateName: top.name, level: 1, sort: 100 - ti });
    top.groups.forEach((g, gi) => {
      groupId += 1;
      rows.push({ storeCategoryId: groupId, pid: topId, cateName: g.name, level: 2, sort: 100 - gi });
      g.leaves.forEach((name, li) => {
        leafId += 1;
        const spec = LEAVES[name];
        if (!spec) throw new Error(`no leaf spec for ${name}`);
        rows.push({ storeCategoryId: leafId, pid: groupId, cateName: name, level: 3, sort: 100 - li });
        leaves.push({ ...spec, id: leafId, name, groupId, groupName: g.name, topId, top });
      });
    });
  });
  return { rows, leaves };
}

const built = build();
export const CATEGORY_ROWS = built.rows;
export const LEAF_INFOS = built.leaves;
export const leafById = new Map(LEAF_INFOS.map((l) => [l.id, l]));

/** Brands 1..40: five per top-level category, in TOPS order. */
export const BRAND_ROWS = TOPS.flatMap((top, ti) =>
  top.brands.map((brandName, bi) => ({ brandId: ti * 5 + bi + 1, brandName, topId: ti + 1, sort: 100 - bi })),
);
export const brandIdByName = new Map(BRAND_ROWS.map((b) => [b.brandName, b.brandId]));

/** Parameter ids by name (shared names such as 产地 are one parameter). */
export const PARAMETER_ROWS = [...new Set(TOPS.flatMap((t) => t.params.map((p) => p.name)))].map((name, i) => ({
  parameterId: i + 1,
  name,
  sort: 100 - i,
}));
export const parameterIdByName = new Map(PARAMETER_ROWS.map((p) => [p.name, p.parameterId]));
