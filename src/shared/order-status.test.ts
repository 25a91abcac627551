import { describe, it, expect } from 'vitest';
import { itemRefundText, orderStatusText, payTypeName, presellStateText } from './order-status.ts';

describe('order status words', () => {
  it('names every status of reference section 3, pickup orders waiting as 待核销', () => {
    expect([0, 1, 2, 3, -1, 10, 11].map((s) => orderStatusText(s))).toEqual([
      '待发货',
      '待收货',
      '待评价',
      '已完成',
      '已退款',
      '待付尾款',
      '已关闭',
    ]);
    expect(orderStatusText(0, 1)).toBe('待核销');
    expect(orderStatusText(1, 1)).toBe('待收货');
  });

  it('names the pay methods by the PAY_TYPE index', () => {
    expect([0, 1, 2, 3, 4, 5, 6, null].map(payTypeName)).toEqual([
      '余额支付',
      '微信支付',
      '微信支付',
      '微信支付',
      '支付宝',
      '支付宝',
      '微信支付',
      '未支付',
    ]);
  });

  it('says what became of an item and of a presale balance', () => {
    expect(itemRefundText({ is_refund: 0, refund_num: 2, product_num: 2 })).toBe('');
    expect(itemRefundText({ is_refund: 1, refund_num: 2, product_num: 2 })).toBe('退款中');
    expect(itemRefundText({ is_refund: 2, refund_num: 1, product_num: 3 })).toBe('已退款×2');
    expect(itemRefundText({ is_refund: 3, refund_num: 0, product_num: 3 })).toBe('已退款');
    expect([0, 1, 2].map((activeStatus) => presellStateText({ activeStatus, paid: 0 }))).toEqual(['未开始', '待付尾款', '已关闭']);
    expect(presellStateText({ activeStatus: 2, paid: 1 })).toBe('尾款已支付');
  });
});
