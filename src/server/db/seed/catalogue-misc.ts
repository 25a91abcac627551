/** Exchange rates (display only) and the "price notes" texts. */
import { TOPS } from './catalogue-data.ts';

/** Units of each currency per 1 CNY, as published on RATE_DATE (approximate market rates). */
export const RATE_DATE = '2026-01-02';
const RATES: Record<string, string> = {
  CNY: '1',
  HKD: '1.094',
  MOP: '1.127',
  TWD: '4.41',
  SGD: '0.181',
  MYR: '0.592',
  USD: '0.1406',
  CAD: '0.193',
  GBP: '0.1045',
  AUD: '0.211',
  JPY: '21.85',
  KRW: '203.5',
  EUR: '0.1205',
  CHF: '0.112',
  NZD: '0.245',
  THB: '4.56',
  INR: '12.02',
  RUB: '11.3',
};

export function exchangeRateRows() {
  return Object.entries(RATES).map(([currencyCode, rate]) => ({
    currencyCode,
    rate,
    rateDate: RATE_DATE,
    updatedAt: new Date(`${RATE_DATE}T09:30:00+08:00`),
  }));
}

const GENERAL = [
  '<p><strong>划线价格：</strong>商品展示的划横线价格为参考价，并非原价，该价格可能是品牌专柜标价、商品吊牌价或由品牌供应商提供的正品零售价（如厂商指导价、建议零售价等），仅供参考。</p>',
  '<p><strong>未划线价格：</strong>商品的实时标价，不因表述的差异改变性质。具体成交价格根据商品参加活动，或会员使用优惠券、积分等发生变化，最终以订单结算页价格为准。</p>',
  '<p><strong>外币价格：</strong>按页面所示日期的参考汇率折算，仅供参考，实际以人民币结算。</p>',
];

const EXTRA: Record<string, string> = {
  数码: '<p>数码产品价格随新品发布波动较大，价保期内降价可申请价保。</p>',
  服饰: '<p>服饰类商品换季清仓价格以活动页面为准。</p>',
  食品: '<p>生鲜食品按实际称重计价，多退少补。</p>',
  美妆: '<p>美妆商品赠品数量有限，赠完即止。</p>',
  家居: '<p>大件家具可能产生额外的送货上楼费用，详询客服。</p>',
  运动: '<p>运动装备尺码请参考详情页尺码表。</p>',
  母婴: '<p>奶粉类商品限购以订单结算页为准。</p>',
  图书: '<p>图书定价以版权页为准。</p>',
};

/** The mall default (category 0) and one rule per top-level category. */
export function priceRuleRows() {
  return [
    { priceRuleId: 1, storeCategoryId: 0, ruleName: '价格说明', content: GENERAL.join('') },
    ...TOPS.map((top, i) => ({
      priceRuleId: i + 2,
      storeCategoryId: i + 1,
      ruleName: `${top.name}价格说明`,
      content: GENERAL.join('') + (EXTRA[top.name] ?? ''),
    })),
  ];
}
