import { queueMerchantNotice } from '../merchant-api/merchant-notices.ts';
import { ORDER_STATUS, REFUND_STATUS, refundOrder, refundProduct } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { refundApplyInput } from '../../../shared/schemas/refund.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { REFUND_TEXT } from '../../../shared/refund.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ownUploadPaths } from '../media/own-uploads.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { orderSn } from '../order/create-order.ts';
import { spread } from '../order/price-order.ts';
import { queueAutoRefund } from './queue-auto-refund.ts';
import { recomputeRefundState } from './refund-state.ts';
import { assertRefundable, checkLines, maxRefundOf, orderLines, shopperOrder } from './refundable-items.ts';
import { z } from 'zod';

/** `POST /api/refund/apply/{order_id}` data. */
export interface RefundAppliedDto {
  refund_order_id: number;
  refund_order_sn: string;
}

const refuse = (m: string) => new ServiceError('refused', m);

/**
 * `POST /api/refund/apply/{order_id}` `{type, refund_type, num, ids, refund_message, mark, refund_price, pics[], phone}`:
 * the shopper asks for money back for some items of a paid store order. In one transaction under the store order's
 * row lock: the order is the shopper's (404 otherwise), paid, not a presale awaiting its balance, within its refund
 * window; every item is of it, takes refunds and has the units asked (type 1: `num` of one item; type 2: each item's
 * whole `refund_num`); a return (refund_type 2) needs something shipped; the amount is between 0.01 and the most
 * those units may get back (¥0 when that is ¥0: items coupons and points paid for in full). Writes the request (status 0) and its items (the amount spread over them in proportion to
 * their maximum), then recomputes the items' refund state, so two requests for the last unit cannot both pass.
 */
export async function applyRefund(ctx: ServiceContext, input: Record<string, unknown> & { order_id: unknown }): Promise<RefundAppliedDto> {
  const user = requireUser(ctx);
  const { order_id } = parseInput(z.object({ order_id: idField('订单ID') }), { order_id: input.order_id });
  const { order_id: _ignored, ...rest } = input;
  const body = parseInput(refundApplyInput, rest);
  // The shopper's own uploads, as paths (an absolute URL of our own origin is reduced to its path).
  const pics = await ownUploadPaths(ctx, user.uid, body.pics);
  if (!pics) throw refuse(REFUND_TEXT.pics);
  const at = now();
  return transaction(ctx.db, async (tx) => {
    const o = await shopperOrder(tx, user.uid, order_id, true);
    await assertRefundable(tx, o, at);
    if (body.refund_type === 2 && o.status === ORDER_STATUS.toShip) throw refuse(REFUND_TEXT.noReturn);
    const lines = await orderLines(tx, o.orderId, body.ids);
    checkLines(lines, body.ids);
    const unshipped = o.status === ORDER_STATUS.toShip;
    const asked = lines.map(({ i }) => {
      const n = body.type === 1 ? body.num! : i.refundNum;
      if (n > i.refundNum) throw refuse(REFUND_TEXT.tooMany);
      const m = maxRefundOf(i, n, unshipped);
      return { i, n, max: m.goods + m.postage };
    });
    const max = asked.reduce((a, x) => a + x.max, 0);
    if (body.refund_price > max) throw refuse(REFUND_TEXT.tooMuch);
    // Items paid nothing (coupons and points covered them) are asked back for ¥0: their points still come back.
    if (body.refund_price < 1 && max > 0) throw refuse(REFUND_TEXT.tooLittle);
    const shares = spread(
      body.refund_price,
      asked.map((x) => x.max),
    );
    const [r] = await tx
      .insert(refundOrder)
      .values({
        refundOrderSn: orderSn('rf', at),
        orderId: o.orderId,
        uid: user.uid,
        merId: o.merId,
        applyType: body.type,
        refundType: body.refund_type,
        refundNum: asked.reduce((a, x) => a + x.n, 0),
        refundPrice: body.refund_price,
        refundMessage: body.refund_message,
        mark: body.mark,
        pics,
        phone: body.phone,
        status: REFUND_STATUS.review,
        statusTime: at,
        createdAt: at,
      })
      .returning({ id: refundOrder.refundOrderId, sn: refundOrder.refundOrderSn });
    await tx
      .insert(refundProduct)
      .values(asked.map((x, k) => ({ refundOrderId: r!.id, orderProductId: x.i.orderProductId, refundNum: x.n, refundPrice: shares[k]! })));
    await recomputeRefundState(tx, o.orderId, at);
    await queueAutoRefund(tx, r!.id, REFUND_STATUS.review, at);
    await queueMerchantNotice(tx, { event: 'refund_requested', refundOrderId: r!.id });
    return { refund_order_id: r!.id, refund_order_sn: r!.sn };
  });
}
