import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUS, productReply, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { REVIEW_TEXT, type ReviewItemDto } from '../../../shared/review.ts';
import { toYuan } from '../../../shared/money.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime } from '../dates.ts';

export const reviewItemInput = z.object({ unique: idField('订单商品') });
const pageInput = reviewItemInput.extend({ order_id: idField('订单').optional() });

/** A paid, not deleted order item of the shopper, with its store order; another shopper's or an unknown one is a 404. */
export async function ownOrderItem(db: Db, uid: number, orderProductId: number) {
  const [row] = await db
    .select({ item: storeOrderProduct, order: storeOrder })
    .from(storeOrderProduct)
    .innerJoin(storeOrder, eq(storeOrder.orderId, storeOrderProduct.orderId))
    .where(
      and(
        eq(storeOrderProduct.orderProductId, orderProductId),
        eq(storeOrder.uid, uid),
        eq(storeOrder.paid, true),
        eq(storeOrder.isDel, false),
      ),
    );
  if (!row) throw notFound(REVIEW_TEXT.itemGone);
  return row;
}

/**
 * Refuses a review of an item whose order is not at "to review" (status 2): not yet received (0 to ship, 1 to
 * receive, presale 10), refunded (-1), or closed.
 */
export function assertReviewable(status: number): void {
  if (status === ORDER_STATUS.toReview) return;
  if (status === ORDER_STATUS.toShip || status === ORDER_STATUS.toReceive || status === ORDER_STATUS.presellBalance)
    throw new ServiceError('refused', REVIEW_TEXT.notReceived);
  if (status === ORDER_STATUS.refunded) throw new ServiceError('refused', REVIEW_TEXT.refunded);
  throw new ServiceError('refused', REVIEW_TEXT.notReviewable);
}

/**
 * `GET /api/reply/product/{order_product_id}`: the shopper's bought item as it was ordered (name, picture, spec,
 * price, quantity) for the review page, with the review once written. `order_id`, when given (the page's URL has it),
 * must be the item's order, else 404. An item not yet reviewed is given only while
 * its order waits for reviews (status 2); otherwise the refusal says why (确认收货后才能评价…).
 */
export async function getReviewItem(ctx: ServiceContext, input: { unique: unknown; order_id?: unknown }): Promise<ReviewItemDto> {
  const user = requireUser(ctx);
  const { unique, order_id } = parseInput(pageInput, input);
  const { item, order } = await ownOrderItem(ctx.db, user.uid, unique);
  if (order_id !== undefined && order_id !== order.orderId) throw notFound(REVIEW_TEXT.itemGone);
  const [reply] = item.isReply ? await ctx.db.select().from(productReply).where(eq(productReply.orderProductId, unique)) : [];
  if (!reply) assertReviewable(order.status);
  const s = item.snapshot;
  return {
    order_product_id: item.orderProductId,
    order_id: order.orderId,
    product_id: s.spu_product_id ?? item.productId,
    product_num: item.productNum,
    cart_num: item.productNum,
    is_reply: reply ? 1 : 0,
    status: order.status,
    cart_info: {
      product: { store_name: s.store_name, image: s.image, unit_name: s.unit_name },
      productAttr: { sku: s.sku, price: toYuan(s.price) },
      cart_num: item.productNum,
    },
    reply: reply
      ? {
          reply_id: reply.replyId,
          comment: reply.comment,
          pics: reply.pics,
          product_score: reply.rate,
          service_score: reply.serviceScore ?? reply.rate,
          postage_score: reply.postageScore ?? reply.rate,
          create_time: formatDateTime(reply.createdAt)!,
          merchant_reply_content: reply.merchantReplyContent,
        }
      : null,
  };
}
