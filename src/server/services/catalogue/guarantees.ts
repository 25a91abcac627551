/** Guarantee and shipping texts of the product page, in one place so a second language can be added. */

export interface GuaranteeTemplate {
  template_name: string;
  guarantee: { guarantee_name: string; guarantee_info: string }[];
}

export function guaranteeOf(p: { isTrader: boolean; deliveryFree: boolean; topCategory?: string }): GuaranteeTemplate {
  const items = [
    { guarantee_name: '正品保证', guarantee_info: '商城严选商家，所售商品均为正品行货，假一赔四。' },
    p.topCategory === '食品'
      ? { guarantee_name: '品质无忧', guarantee_info: '食品类商品非质量问题不支持无理由退货，质量问题全额退款。' }
      : { guarantee_name: '七天无理由退货', guarantee_info: '商品签收后7天内，在不影响二次销售的情况下可申请无理由退货。' },
    { guarantee_name: '极速发货', guarantee_info: '付款后48小时内发货，节假日顺延。' },
  ];
  if (p.isTrader) items.unshift({ guarantee_name: '商城自营', guarantee_info: '由 Mallfront 商城自营仓发货并提供售后服务。' });
  if (p.deliveryFree) items.push({ guarantee_name: '包邮', guarantee_info: '全国包邮（港澳台及偏远地区除外）。' });
  return { template_name: p.isTrader ? '自营服务保障' : '商家服务保障', guarantee: items };
}

/** A shipping template as the product page describes it (amounts in cents, `first`/`continue` in items or kg). */
export interface ShippingTerms {
  type: number;
  freePrice: number;
  first: number;
  firstPrice: number;
  continue: number;
  continuePrice: number;
  /** Names of the regions the merchant does not deliver to. */
  undelivered: string[];
  /** Whether some regions cost more than the default rule. */
  dearer: boolean;
}

const yuan = (cents: number) => (cents % 100 ? (cents / 100).toFixed(2) : String(cents / 100));

/**
 * The shipping line (`temp {name, info}`): free shipping, or the product's template (threshold, first and
 * further units, remote regions, regions not delivered to) as checkout will charge it.
 */
export function shippingOf(deliveryFree: boolean, terms?: ShippingTerms | null): { name: string; info: string } {
  if (deliveryFree || !terms) return { name: '包邮', info: '全国包邮（港澳台及偏远地区除外）' };
  const unit = terms.type === 2 ? 'kg' : '件';
  const parts = [
    terms.freePrice > 0 ? `单笔订单满${yuan(terms.freePrice)}元包邮` : '',
    `不满时首${terms.first}${unit}运费${yuan(terms.firstPrice)}元，每增加${terms.continue}${unit}加${yuan(terms.continuePrice)}元`,
    terms.dearer ? '偏远地区运费另计' : '',
    terms.undelivered.length ? `不配送：${terms.undelivered.join('、')}` : '',
  ];
  return { name: terms.freePrice > 0 ? `满${yuan(terms.freePrice)}包邮` : '运费', info: parts.filter(Boolean).join('；') };
}
