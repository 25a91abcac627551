import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchant, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { notFound } from '../input.ts';

export type StoreOrderRow = typeof storeOrder.$inferSelect;

/** A shipped order as the shopper's tracking pages show it (`order` of `/api/order/express`, `storeOrder` of `/api/order/delivery`). */
export interface ShippedOrderDto {
  order_id: number;
  order_sn: string;
  /** 0 to ship, 1 to receive, 2 to review, 3 done, -1 refunded. */
  status: number;
  status_text: string;
  order_type: number;
  delivery_type: number | null;
  /** Express company (delivery_type 1) or rider (2). */
  delivery_name: string;
  /** Tracking number (1) or the rider's phone (2). */
  delivery_id: string;
  delivery_code: string;
  delivery_time: string | null;
  pay_type: number | null;
  pay_price: string;
  pay_time: string | null;
  create_time: string;
  real_name: string;
  user_phone: string;
  user_address: string;
  mark: string;
  merchant: { mer_id: number; mer_name: string; service_phone: string };
  orderProduct: {
    order_product_id: number;
    product_id: number;
    spu_product_id: number;
    product_num: number;
    cart_info: { product: { store_name: string; image: string }; productAttr: { sku: string; price: string } };
  }[];
}

export const SHOPPER_STATUS_TEXT: Record<number, string> = { 0: '待发货', 1: '待收货', 2: '待评价', 3: '已完成', [-1]: '已退款' };

/** One of the shopper's paid orders; another shopper's, an unpaid, a deleted or an unknown one is the same 404. */
export async function findShopperOrder(db: Db, uid: number, orderId: number): Promise<StoreOrderRow> {
  const [o] = await db
    .select()
    .from(storeOrder)
    .where(and(eq(storeOrder.orderId, orderId), eq(storeOrder.uid, uid), eq(storeOrder.paid, true), eq(storeOrder.isDel, false)));
  if (!o) throw notFound('订单不存在');
  return o;
}

export async function shippedOrderDto(db: Db, o: StoreOrderRow): Promise<ShippedOrderDto & { mer_address: string }> {
  const [[m], items] = await Promise.all([
    db
      .select({ merName: merchant.merName, servicePhone: merchant.servicePhone, merAddress: merchant.merAddress })
      .from(merchant)
      .where(eq(merchant.merId, o.merId)),
    db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o.orderId)).orderBy(asc(storeOrderProduct.orderProductId)),
  ]);
  return {
    order_id: o.orderId,
    order_sn: o.orderSn,
    status: o.status,
    status_text: SHOPPER_STATUS_TEXT[o.status] ?? '处理中',
    order_type: o.orderType,
    delivery_type: o.deliveryType,
    delivery_name: o.deliveryName,
    delivery_id: o.deliveryId,
    delivery_code: o.deliveryCode,
    delivery_time: formatDateTime(o.deliveryTime),
    pay_type: o.payType,
    pay_price: toYuan(o.payPrice),
    pay_time: formatDateTime(o.payTime),
    create_time: formatDateTime(o.createdAt)!,
    real_name: o.receiver.real_name,
    user_phone: o.receiver.phone,
    user_address: o.receiver.address,
    mark: o.mark,
    merchant: { mer_id: o.merId, mer_name: m?.merName ?? '', service_phone: m?.servicePhone ?? '' },
    mer_address: m?.merAddress ?? '',
    orderProduct: items.map((i) => ({
      order_product_id: i.orderProductId,
      product_id: i.productId,
      spu_product_id: i.snapshot.spu_product_id ?? i.productId,
      product_num: i.productNum,
      cart_info: {
        product: { store_name: i.snapshot.store_name, image: i.snapshot.image },
        productAttr: { sku: i.snapshot.sku, price: toYuan(i.snapshot.price) },
      },
    })),
  };
}
