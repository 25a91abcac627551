import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ORDER_STATUS,
  REFUND_STATUS,
  REFUND_TYPE,
  refundOrder,
  refundProduct,
  storeOrder,
  storeOrderStatus,
} from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { orderRefundBody, type OrderRefundBody } from '../../../shared/schemas/merchant-api.ts';
import { toYuan } from '../../../shared/money.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantOrder, lockedRefunding, notWaitingToShip } from '../merchant-api/find-order.ts';
import { orderSn } from '../order/create-order.ts';
import { restockRefund } from '../order/restock.ts';
import { shrinkInvoice } from '../invoice/refund-invoice.ts';
import { findMerchantRefund, merchantRefundDtos, type MerchantRefundDto } from './merchant-refund-dto.ts';
import { payRefundNow, queueRefundMoney } from './refund-money.ts';
import { recomputeRefundState } from './refund-state.ts';
import { maxRefundOf, orderLines } from './refundable-items.ts';

export const ORDER_REFUND_TEXT = {
  shipped: '订单已发货，不能直接退款；买家可申请售后',
  presell: '预售订单尚未支付尾款，不能退款',
  refunded: '订单已全部退款',
  notToShip: '订单当前状态不能退款',
  refunding: '订单有退款申请处理中，请先处理该申请',
  notOfOrder: '退款商品不属于该订单',
  nothingLeft: '所选商品已全部退款',
  mark: '商家主动退款',
} as const;

const refuse = (m: string) => new ServiceError('refused', m);

/** Why the shop cannot give an order's money back itself now (null: it can): only a paid order that has not left it. */
const refusalOf = (o: Pick<typeof storeOrder.$inferSelect, 'status'>) =>
  notWaitingToShip(o, {
    gone: ORDER_REFUND_TEXT.shipped,
    presell: ORDER_REFUND_TEXT.presell,
    refunded: ORDER_REFUND_TEXT.refunded,
    other: ORDER_REFUND_TEXT.notToShip,
  });

/**
 * `POST /api/merchant/order/refund/{order_id}` `{refund_message, ids?}`: the shop gives back the money of items of a paid
 * order it has not shipped (out of stock, cannot deliver), without the buyer asking: every unit still refundable of the
 * items `ids` names (all of them without `ids`), each for what it paid with its postage share, as a refund request made
 * refunded at once (status 3, `mark` 商家主动退款, the reason the buyer reads), the units back on sale only with
 * `restock: 1`. In ONE transaction under the store order's
 * row lock, as a shopper's request and shipping take it: the order is still waiting to ship with no request in progress
 * (shipping, a request or another refund committed meanwhile is seen), the request and its items, the units back to
 * stock (or the sales alone), the timeline, the items' refund state (the order becomes refunded when nothing is left), the money queued
 * (`refund.pay`) with the points settled, and the invoice brought down. The money is then tried at once, as an
 * approval's is; the shopper hears of it by SMS when it is back. Two calls at once refund once: the other is refused
 * with what the order is now.
 */
export async function refundMerchantOrder(
  ctx: MerchantContext,
  input: { id: unknown } & Partial<OrderRefundBody>,
): Promise<MerchantRefundDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const body = parseInput(orderRefundBody, input);
  const o = await findMerchantOrder(ctx.db, merId, id);
  const refusal = refusalOf(o);
  if (refusal) throw refuse(refusal);
  const at = now();
  const made = await transaction(ctx.db, async (tx) => {
    if (await lockedRefunding(tx, o.orderId)) throw refuse(ORDER_REFUND_TEXT.refunding);
    // The order as it is under the lock: shipped or refunded meanwhile, it is refused below with what it is now.
    const [current] = await tx
      .select({ status: storeOrder.status, groupOrderId: storeOrder.groupOrderId })
      .from(storeOrder)
      .where(and(eq(storeOrder.orderId, o.orderId), eq(storeOrder.merId, merId), eq(storeOrder.paid, true)));
    if (!current || current.status !== ORDER_STATUS.toShip) return null;
    const lines = await orderLines(tx, o.orderId, body.ids);
    if (lines.length !== body.ids.length && body.ids.length) throw refuse(ORDER_REFUND_TEXT.notOfOrder);
    const asked = lines
      .filter(({ i }) => i.refundNum > 0)
      .map(({ i }) => {
        const m = maxRefundOf(i, i.refundNum, true);
        return { i, n: i.refundNum, price: m.goods + m.postage };
      });
    if (!asked.length) throw refuse(ORDER_REFUND_TEXT.nothingLeft);
    const price = asked.reduce((a, x) => a + x.price, 0);
    const [r] = await tx
      .insert(refundOrder)
      .values({
        refundOrderSn: orderSn('rf', at),
        orderId: o.orderId,
        uid: o.uid,
        merId,
        applyType: asked.length > 1 ? 2 : 1,
        refundType: REFUND_TYPE.refundOnly,
        refundNum: asked.reduce((a, x) => a + x.n, 0),
        refundPrice: price,
        refundMessage: body.refund_message,
        mark: ORDER_REFUND_TEXT.mark,
        pics: [],
        phone: '',
        status: REFUND_STATUS.refunded,
        moneyState: 'pending',
        statusTime: at,
        createdAt: at,
      })
      .returning();
    await tx
      .insert(refundProduct)
      .values(
        asked.map((x) => ({ refundOrderId: r!.refundOrderId, orderProductId: x.i.orderProductId, refundNum: x.n, refundPrice: x.price })),
      );
    // The units go back on sale only when the shop says they exist (`restock: 1`); out of stock, only the sales go down.
    await restockRefund(tx, r!.refundOrderId, { stock: body.restock === 1 });
    await tx.insert(storeOrderStatus).values({
      orderId: o.orderId,
      groupOrderId: current.groupOrderId,
      changeType: 'refund_merchant',
      changeMessage: `商家主动退款：${body.refund_message}，退款单${r!.refundOrderSn}，金额¥${toYuan(price)}`,
      createdAt: at,
    });
    const { fullyRefunded } = await recomputeRefundState(tx, o.orderId, at);
    await queueRefundMoney(tx, r!, fullyRefunded, at);
    await shrinkInvoice(tx, o.orderId, price, fullyRefunded);
    return r!;
  });
  if (!made) throw refuse(refusalOf(await findMerchantOrder(ctx.db, merId, id)) ?? ORDER_REFUND_TEXT.notToShip);
  await payRefundNow(ctx.db, made.refundOrderId);
  return (await merchantRefundDtos(ctx.db, [await findMerchantRefund(ctx.db, merId, made.refundOrderId)]))[0]!;
}
