import { describe, it, expect } from 'vitest';
import { orderActions } from './order-actions.ts';

type Order = Parameters<typeof orderActions>[0];
const order = (status: number, isRefund: number[]): Order =>
  ({
    order_id: 7,
    status,
    delivery_type: 1,
    receipt: null,
    orderProduct: isRefund.map((is_refund, i) => ({ order_product_id: i + 1, is_refund, is_reply: 1, product_type: 0 })),
  }) as unknown as Order;

describe('orderActions', () => {
  it('offers 删除订单 on a finished order, not while one of its refund requests is being handled', () => {
    expect(orderActions(order(3, [0, 3])).delete).toBe(true);
    expect(orderActions(order(-1, [3])).delete).toBe(true);
    expect(orderActions(order(3, [0, 1])).delete).toBe(false);
    expect(orderActions(order(1, [0])).delete).toBe(false);
  });
});
