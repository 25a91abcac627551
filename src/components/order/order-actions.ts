import type { StoreOrderDto } from '../../server/services/order/store-order-dto.ts';
import { url } from '../../shared/routes.ts';
import { NO_INVOICE_STATUSES } from '../../shared/order-status.ts';

/** The statuses a shopper may delete an order in (done, refunded, presale closed): the API refuses the others. */
const DELETABLE = new Set([3, -1, 11]);

/** What the order pages offer for a paid order in its state: a link or the data of a button, or null. */
export interface OrderActions {
  detail: string;
  /** 确认收货: shipped, waiting for the shopper. */
  take: boolean;
  /** 评价: the first unreviewed line of a received order. */
  review: string | null;
  /** 查看物流: a shipped express order. */
  logistics: string | null;
  /** 配送详情: a shipped same-city (rider) order. */
  riderTracking: string | null;
  /** 再次购买: the `POST /api/user/cart/again` body (JSON) of a finished order of normal products. */
  again: string | null;
  delete: boolean;
  /** 申请发票: a paid order (not fully refunded, no presale balance awaited or missed) that has no invoice yet. */
  invoice: boolean;
}

export function orderActions(o: Pick<StoreOrderDto, 'order_id' | 'status' | 'delivery_type' | 'orderProduct' | 'receipt'>): OrderActions {
  const shipped = o.status === 1 || o.status === 2 || o.status === 3;
  const unreviewed = o.status === 2 ? o.orderProduct.find((i) => !i.is_reply) : undefined;
  const normal = o.orderProduct.length > 0 && o.orderProduct.every((i) => i.product_type === 0);
  return {
    detail: url('orderDetail', { orderId: o.order_id }),
    take: o.status === 1,
    review: unreviewed ? url('evaluation', { unique: unreviewed.order_product_id, order_id: o.order_id }) : null,
    logistics: shipped && o.delivery_type === 1 ? url('logistics', { orderId: o.order_id }) : null,
    riderTracking: shipped && o.delivery_type === 2 ? url('logisticsDelivery', { orderId: o.order_id }) : null,
    again:
      o.status === 3 && normal
        ? JSON.stringify({
            data: o.orderProduct.map((i) => ({
              product_id: i.product_id,
              product_attr_unique: i.product_attr_unique,
              cart_num: i.product_num,
            })),
          })
        : null,
    // Not while a refund request is being handled (the API refuses it: its refund page links to the order).
    delete: DELETABLE.has(o.status) && !o.orderProduct.some((i) => i.is_refund === 1),
    invoice: !o.receipt && !NO_INVOICE_STATUSES.includes(o.status),
  };
}
