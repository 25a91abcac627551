import { eq, sql, and } from 'drizzle-orm';
import { z } from 'zod';
import { product, productSku, REFUND_STATUS, refundProduct, storeOrderProduct } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantRefund, type MerchantRefundDto } from './merchant-refund-dto.ts';
import { moveMerchantRefund } from './merchant-refund-transition.ts';

/**
 * `POST /api/merchant/refund/receive/{id}`: the merchant received the goods the buyer sent back (status 2 only) →
 * refunded (3): the returned quantities go back to stock (SKU and product stock up, sales down, in the global
 * product/SKU order checkout uses, so it cannot deadlock with an order) and the money goes back.
 */
export async function receiveMerchantRefund(
  ctx: MerchantContext,
  input: { id: unknown },
  /** `system`: the `refund.auto` job confirms for a merchant who did not in time (the timeline says so). */
  by: 'merchant' | 'system' = 'merchant',
): Promise<MerchantRefundDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('退款单ID') }), { id: input.id });
  const r = await findMerchantRefund(ctx.db, merId, id);
  return moveMerchantRefund(ctx.db, merId, id, {
    from: REFUND_STATUS.awaitReceipt,
    set: { status: REFUND_STATUS.refunded, moneyState: 'pending' },
    timeline: [
      {
        changeType: 'refund_receive',
        changeMessage: `${by === 'system' ? '商家超时未确认收货，系统自动确认' : '商家已收到退货'}，退款单${r.refundOrderSn}，退款¥${toYuan(r.refundPrice)}`,
      },
    ],
    async also(tx, row) {
      const items = await tx
        .select({ productId: storeOrderProduct.productId, unique: storeOrderProduct.productAttrUnique, num: refundProduct.refundNum })
        .from(refundProduct)
        .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
        .where(eq(refundProduct.refundOrderId, row.refundOrderId))
        .orderBy(storeOrderProduct.productId, storeOrderProduct.productAttrUnique);
      const changed = new Set<Tag>();
      for (const it of items) {
        await tx
          .update(productSku)
          .set({ stock: sql`${productSku.stock} + ${it.num}`, sales: sql`greatest(${productSku.sales} - ${it.num}, 0)` })
          .where(and(eq(productSku.productId, it.productId), eq(productSku.unique, it.unique)));
        await tx
          .update(product)
          .set({ stock: sql`${product.stock} + ${it.num}`, sales: sql`greatest(${product.sales} - ${it.num}, 0)` })
          .where(eq(product.productId, it.productId));
        changed.add(tag('stock', it.productId));
      }
      invalidate(tx, [...changed]);
    },
  });
}
