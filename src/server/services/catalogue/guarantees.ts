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

/** The shipping line (`temp {name, info}`). */
export function shippingOf(deliveryFree: boolean): { name: string; info: string } {
  return deliveryFree
    ? { name: '包邮', info: '全国包邮（港澳台及偏远地区除外）' }
    : { name: '满99包邮', info: '单笔订单满99元包邮，不满收取运费8元' };
}
