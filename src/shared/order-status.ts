/**
 * What the order pages call an order's state, its payment method and an item's refund state (reference section 3).
 * Isomorphic: pages and tests use it.
 */
import { payTypeName as paymentMethodName } from './payment.ts';

/**
 * Statuses of a paid store order an invoice cannot be asked for in (`POST /api/order/receipt/{id}` refuses them, the
 * order pages offer no 申请发票): fully refunded (-1), a presale awaiting its balance (10) or closed unpaid (11).
 */
export const NO_INVOICE_STATUSES: readonly number[] = [-1, 10, 11];

/** Status text of a paid store order; a pickup order waiting (status 0) is 待核销, not 待发货. */
export function orderStatusText(status: number, orderType = 0): string {
  switch (status) {
    case 0:
      return orderType === 1 ? '待核销' : '待发货';
    case 9:
      return '拼团中';
    case 1:
      return '待收货';
    case 2:
      return '待评价';
    case 3:
      return '已完成';
    case -1:
      return '已退款';
    case 10:
      return '待付尾款';
    case 11:
      return '已关闭';
    default:
      return '未知状态';
  }
}

/** Name of a `pay_type` index as the order pages show it (shared/payment.ts), 未支付 for none. */
export const payTypeName = (payType: number | null | undefined): string => paymentMethodName(payType) || '未支付';

/** An order line's refund state (`is_refund` 1 in progress, 2 part, 3 all of it), '' when none. */
export function itemRefundText(item: { is_refund: number; refund_num: number; product_num: number }): string {
  if (item.is_refund === 1) return '退款中';
  if (item.is_refund === 2) return `已退款×${Math.max(0, item.product_num - item.refund_num)}`;
  if (item.is_refund === 3) return '已退款';
  return '';
}

/** State of a presale balance as the presale order list shows it. */
export function presellStateText(po: { activeStatus: number; paid: number }): string {
  if (po.paid) return '尾款已支付';
  return po.activeStatus === 0 ? '未开始' : po.activeStatus === 1 ? '待付尾款' : '已关闭';
}
