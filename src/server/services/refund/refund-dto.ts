import { asc, eq, inArray } from 'drizzle-orm';
import { merchant, type refundOrder, refundProduct, storeOrderProduct } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { toYuan } from '../../../shared/money.ts';
import {
  moneyStateText,
  REFUND_STATUS_TEXT,
  type RefundItemDto,
  type RefundListItemDto,
  type RefundableItemDto,
} from '../../../shared/refund.ts';
import { formatDateTime } from '../dates.ts';

export type RefundOrderRow = typeof refundOrder.$inferSelect;
export type OrderItemRow = typeof storeOrderProduct.$inferSelect;

/** The item as it was ordered (the snapshot, not today's product). */
export function cartInfoOf(i: OrderItemRow): RefundableItemDto['cart_info'] {
  return {
    product: {
      store_name: i.snapshot.store_name,
      image: i.snapshot.image,
      unit_name: i.snapshot.unit_name,
      product_id: i.snapshot.spu_product_id ?? i.productId,
    },
    productAttr: { sku: i.snapshot.sku, price: toYuan(i.snapshot.price) },
  };
}

/** The items and merchants of some refund requests: two queries, whatever their number. */
export async function loadRefundParts(db: Db, rows: readonly RefundOrderRow[]) {
  if (!rows.length) return { items: [], merchants: [] };
  const [items, merchants] = await Promise.all([
    db
      .select({ r: refundProduct, i: storeOrderProduct })
      .from(refundProduct)
      .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
      .where(
        inArray(
          refundProduct.refundOrderId,
          rows.map((r) => r.refundOrderId),
        ),
      )
      .orderBy(asc(refundProduct.refundProductId)),
    db
      .select({ merId: merchant.merId, merName: merchant.merName })
      .from(merchant)
      .where(inArray(merchant.merId, [...new Set(rows.map((r) => r.merId))])),
  ]);
  return { items, merchants };
}

type Parts = Awaited<ReturnType<typeof loadRefundParts>>;

/** One refund request as the list shows it. */
export function refundListItemDto(r: RefundOrderRow, parts: Parts): RefundListItemDto {
  const m = parts.merchants.find((x) => x.merId === r.merId);
  return {
    refund_order_id: r.refundOrderId,
    refund_order_sn: r.refundOrderSn,
    order_id: r.orderId,
    status: r.status,
    status_text: REFUND_STATUS_TEXT[r.status] ?? '',
    refund_type: r.refundType,
    refund_num: r.refundNum,
    refund_price: toYuan(r.refundPrice),
    merchant: { mer_id: r.merId, mer_name: m?.merName ?? '' },
    refundProduct: parts.items
      .filter((x) => x.r.refundOrderId === r.refundOrderId)
      .map(
        ({ r: p, i }): RefundItemDto => ({
          order_product_id: p.orderProductId,
          refund_num: p.refundNum,
          refund_price: toYuan(p.refundPrice),
          product: { cart_info: cartInfoOf(i) },
        }),
      ),
    create_time: formatDateTime(r.createdAt)!,
    money_state: r.moneyState,
    money_state_text: moneyStateText(r.moneyState, r.refundPrice),
  };
}
