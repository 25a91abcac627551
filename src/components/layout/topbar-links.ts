import type { SiteConfig } from '../../server/services/site/get-site-config.ts';
import { url } from '../../shared/routes.ts';
import { shellText as t } from '../../shared/messages.ts';

export interface TopbarLink {
  href: string;
  label: string;
}

/** The operator's switches the top bar follows (null: the settings could not be read, and the switched links stay out). */
export type TopbarSwitches = Pick<SiteConfig, 'balance_func_status' | 'mer_intention_open'> | null;

/**
 * The links on the right of the top bar, as the reference's header has them: 我的订单 and 我的余额 (its `?type=` is the
 * user menu's index the reference links with; only while the balance features are on, `balance_func_status`), then,
 * after the delivery-country picker, 商家入驻 (only while merchants may apply, `mer_intention_open`) and 新闻资讯.
 * They are the same for every shopper, so the page stays shared by visitors and shoppers.
 */
export function topbarLinks(s: TopbarSwitches): { account: TopbarLink[]; site: TopbarLink[] } {
  return {
    account: [
      { href: url('userOrderList', { type: 1 }), label: t.myOrders },
      ...(s?.balance_func_status === 1 ? [{ href: url('userBalance', { type: 3 }), label: t.myBalance }] : []),
    ],
    site: [
      ...(s?.mer_intention_open === 1 ? [{ href: url('merchantSettled'), label: t.merchantSettled }] : []),
      { href: url('newsList'), label: t.news },
    ],
  };
}
