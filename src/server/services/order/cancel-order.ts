import { and, eq, sql } from 'drizzle-orm';
import { couponUser, storeGroupOrder, storeOrder, storeOrderProduct, storeOrderStatus } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { changeWallet } from '../wallet/change-wallet.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { restockItems } from './restock.ts';
import { now } from '../dates.ts';
import { z } from 'zod';

export const CANCEL_TEXT = {
  gone: '订单不存在',
  paid: '订单已支付，不能取消',
  cancelled: '订单已取消',
  byShopper: '用户取消订单',
  expired: '订单超时未支付，系统自动取消',
} as const;

/**
 * Cancels an unpaid group order and gives back what it took: SKU stock (and sales), the coupons it used, the
 * points it spent (with a ledger row). Exactly once: the first call flips `is_cancel` under a conditional update and
 * does the rest in the same transaction; any later or concurrent call (the shopper, the expiry job in another
 * process, a retried job) finds nothing to flip and returns false.
 */
export async function cancelGroupOrder(db: Db, groupOrderId: number, reason: string, uid?: number): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [g] = await tx
      .update(storeGroupOrder)
      .set({ isCancel: true })
      .where(
        and(
          eq(storeGroupOrder.groupOrderId, groupOrderId),
          eq(storeGroupOrder.paid, false),
          eq(storeGroupOrder.isCancel, false),
          uid === undefined ? undefined : eq(storeGroupOrder.uid, uid),
        ),
      )
      .returning();
    if (!g) return false;
    const items = await tx
      .select({
        orderId: storeOrder.orderId,
        productId: storeOrderProduct.productId,
        unique: storeOrderProduct.productAttrUnique,
        num: storeOrderProduct.productNum,
      })
      .from(storeOrderProduct)
      .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
      .where(eq(storeOrder.groupOrderId, groupOrderId));
    await restockItems(tx, items);
    await tx
      .update(couponUser)
      .set({ status: 0, useTime: null, groupOrderId: null })
      .where(and(eq(couponUser.groupOrderId, groupOrderId), eq(couponUser.status, 1)));
    if (g.integral > 0) {
      await changeWallet(tx, {
        uid: g.uid,
        category: 'integral',
        type: 'order_cancel',
        pm: 1,
        number: g.integral,
        linkId: String(groupOrderId),
        // They come back with the due date they had, not a new one: cancelling never renews points.
        undoes: { type: 'deduction', linkId: String(groupOrderId) },
        title: '取消订单退回积分',
        mark: `订单${g.groupOrderSn}取消，退回${g.integral}积分`,
      });
    }
    const orders = [...new Set(items.map((i) => i.orderId))];
    if (orders.length) {
      await tx
        .insert(storeOrderStatus)
        .values(orders.map((orderId) => ({ orderId, groupOrderId, changeType: 'cancel', changeMessage: reason, createdAt: now() })));
    }
    return true;
  });
}

/** `POST /api/order/cancel/{group_order_id}`: the shopper cancels their unpaid order. */
export async function cancelOrder(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const [g] = await ctx.db
    .select({ paid: storeGroupOrder.paid, isCancel: storeGroupOrder.isCancel })
    .from(storeGroupOrder)
    .where(and(eq(storeGroupOrder.groupOrderId, id), eq(storeGroupOrder.uid, user.uid), eq(storeGroupOrder.isDel, false)));
  if (!g) throw notFound(CANCEL_TEXT.gone);
  if (g.paid) throw new ServiceError('refused', CANCEL_TEXT.paid);
  if (g.isCancel || !(await cancelGroupOrder(ctx.db, id, CANCEL_TEXT.byShopper, user.uid))) {
    throw new ServiceError('refused', CANCEL_TEXT.cancelled);
  }
}
