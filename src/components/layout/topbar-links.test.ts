import { describe, expect, it } from 'vitest';
import { topbarLinks } from './topbar-links.ts';

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('top bar links', () => {
  it("follow the reference's header with both switches on: 我的余额 by its menu-index link, 商家入驻", () => {
    const { account, site } = topbarLinks({ balance_func_status: 1, mer_intention_open: 1 });
    expect(account).toEqual([
      { href: '/user/order_list?type=1', label: '我的订单' },
      { href: '/user/balance?type=3', label: '我的余额' },
    ]);
    expect(site).toEqual([
      { href: '/merchant_settled', label: '商家入驻' },
      { href: '/news_list', label: '新闻资讯' },
    ]);
  });

  it('leave out what the operator switched off, each on its own', () => {
    expect(labels(topbarLinks({ balance_func_status: 0, mer_intention_open: 1 }).account)).toEqual(['我的订单']);
    expect(labels(topbarLinks({ balance_func_status: 1, mer_intention_open: 0 }).site)).toEqual(['新闻资讯']);
    expect(labels(topbarLinks({ balance_func_status: 1, mer_intention_open: 0 }).account)).toEqual(['我的订单', '我的余额']);
  });

  it('keep only the links that need no switch when the settings could not be read', () => {
    const { account, site } = topbarLinks(null);
    expect([...labels(account), ...labels(site)]).toEqual(['我的订单', '新闻资讯']);
  });
});
