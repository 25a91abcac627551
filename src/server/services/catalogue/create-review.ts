import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS, productReply, storeOrder, storeOrderProduct, storeOrderStatus } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { REVIEW_TEXT, type ReviewCreatedDto } from '../../../shared/review.ts';
import { reviewInput, type ReviewInput } from '../../../shared/schemas/review.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { ownUploadPaths } from '../media/own-uploads.ts';
import { invalidate } from '../cache.ts';
import { tag, type Tag } from '../cache-tags.ts';
import { now } from '../dates.ts';
import { assertReviewable, ownOrderItem, reviewItemInput } from './review-item.ts';
import { recomputeScores } from './review-scores.ts';

/** A reviewer's name as product pages show it: first and last character around `**` (小**鱼), like every review. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname.trim()];
  if (chars.length === 0) return '匿**户';
  if (chars.length === 1) return `${chars[0]}**`;
  return `${chars[0]}**${chars[chars.length - 1]}`;
}

/**
 * `POST /api/reply/{order_product_id}` `{comment, pics[], product_score, service_score, postage_score}`: the buyer
 * reviews one bought item, once, after receipt (store order status 2). In one transaction, under the store order's row
 * lock (so two items of one order reviewed at once still see each other, and a double submit waits and is refused
 * 该商品已评价): the item is marked reviewed by a conditional update, the review is written for the product page of
 * what was bought (`spu_product_id`, the flash-sale or presale's own product), the product's and shop's scores are
 * recomputed, and when it was the order's last item to review the order is done (status 3) with a timeline row.
 * Cached pages showing the product or the shop are dropped after the commit.
 */
export async function createReview(
  ctx: ServiceContext,
  input: { unique: unknown } & Partial<Record<keyof ReviewInput, unknown>>,
): Promise<ReviewCreatedDto> {
  const user = requireUser(ctx);
  const { unique } = parseInput(reviewItemInput, { unique: input.unique });
  const body = parseInput(reviewInput, input);
  const { item, order } = await ownOrderItem(ctx.db, user.uid, unique);
  if (item.isReply) throw new ServiceError('refused', REVIEW_TEXT.reviewed);
  assertReviewable(order.status);
  // Only pictures this shopper uploaded (not another shopper's, a seeded image or an unknown id), as paths: an
  // absolute URL of our own origin is reduced to its path, one of another origin refused.
  const pics = await ownUploadPaths(ctx, user.uid, body.pics);
  if (!pics) throw new ServiceError('refused', REVIEW_TEXT.pics);
  const productId = item.snapshot.spu_product_id ?? item.productId;

  return transaction(ctx.db, async (tx) => {
    const [locked] = await tx
      .select({ status: storeOrder.status })
      .from(storeOrder)
      .where(eq(storeOrder.orderId, order.orderId))
      .for('update');
    const [marked] = await tx
      .update(storeOrderProduct)
      .set({ isReply: true })
      .where(and(eq(storeOrderProduct.orderProductId, unique), eq(storeOrderProduct.isReply, false)))
      .returning({ id: storeOrderProduct.orderProductId });
    if (!marked) throw new ServiceError('refused', REVIEW_TEXT.reviewed);
    assertReviewable(locked!.status);
    const at = now();
    const [reply] = await tx
      .insert(productReply)
      .values({
        productId,
        uid: user.uid,
        nickname: maskNickname(user.nickname),
        avatar: user.avatar,
        rate: body.product_score,
        serviceScore: body.service_score,
        postageScore: body.postage_score,
        orderProductId: unique,
        comment: body.comment,
        pics,
        sku: item.snapshot.sku,
        createdAt: at,
      })
      .returning({ id: productReply.replyId });
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(storeOrderProduct)
      .where(and(eq(storeOrderProduct.orderId, order.orderId), eq(storeOrderProduct.isReply, false)));
    let status = locked!.status;
    if (left!.n === 0) {
      const [done] = await tx
        .update(storeOrder)
        .set({ status: ORDER_STATUS.done })
        .where(and(eq(storeOrder.orderId, order.orderId), eq(storeOrder.status, ORDER_STATUS.toReview)))
        .returning({ status: storeOrder.status });
      if (done) {
        status = done.status;
        await tx.insert(storeOrderStatus).values({
          orderId: order.orderId,
          groupOrderId: order.groupOrderId,
          changeType: 'reply',
          changeMessage: REVIEW_TEXT.orderDone,
          createdAt: at,
        });
      }
    }
    await recomputeScores(tx, productId, order.merId);
    const changed = new Set<Tag>([tag('product', productId), tag('product', item.productId), tag('merchant', order.merId)]);
    invalidate(tx, [...changed]);
    return { reply_id: reply!.id, order_id: order.orderId, status };
  });
}
