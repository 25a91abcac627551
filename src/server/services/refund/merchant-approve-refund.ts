import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, ORDER_STATUS, REFUND_STATUS, REFUND_TYPE, storeOrder } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { refundApproveBody, type RefundApproveBody } from '../../../shared/schemas/merchant-api.ts';
import { toYuan } from '../../../shared/money.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantRefund, type MerchantRefundDto } from './merchant-refund-dto.ts';
import { MERCHANT_REFUND_TEXT, moveMerchantRefund } from './merchant-refund-transition.ts';
import { queueAutoRefund } from './queue-auto-refund.ts';
import { restockRefund } from '../order/restock.ts';
import { queueShopperNotice } from '../order/shopper-notices.ts';

/** A store order whose goods have not left the shop: paid and waiting to ship, or a presale waiting for its balance. */
const UNSHIPPED = new Set<number>([ORDER_STATUS.toShip, ORDER_STATUS.presellBalance]);

/**
 * `POST /api/merchant/refund/approve/{id}`: approves a request under review (status 0 only).
 * - Refund only (`refund_type` 1): refunded (3) and the money goes back at once (refund-money.ts); on an order not
 *   shipped yet the quantities also go back to stock (`restockRefund`).
 * - Return and refund (2): awaiting the buyer's return shipment (1), with the return address copied from the shop
 *   (its name, service phone and `mer_address`), each overridable by `{return_name, return_phone, return_address}`.
 */
export async function approveMerchantRefund(
  ctx: MerchantContext,
  input: { id: unknown } & Partial<RefundApproveBody>,
  /** `system`: the `refund.auto` job agrees for a merchant who did not answer in time (the timeline says so). */
  by: 'merchant' | 'system' = 'merchant',
): Promise<MerchantRefundDto> {
  const who = by === 'system' ? '商家超时未处理，系统自动同意' : '商家同意';
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('退款单ID') }), { id: input.id });
  const body = parseInput(refundApproveBody, input);
  const r = await findMerchantRefund(ctx.db, merId, id);
  if (r.refundType === REFUND_TYPE.refundOnly) {
    return moveMerchantRefund(ctx.db, merId, id, {
      from: REFUND_STATUS.review,
      set: { status: REFUND_STATUS.refunded, moneyState: 'pending' },
      timeline: [
        { changeType: 'refund_agree', changeMessage: `${who}退款（仅退款），退款单${r.refundOrderSn}，金额¥${toYuan(r.refundPrice)}` },
      ],
      // Goods that never left the shop go back on sale; once shipped, they stay with the buyer.
      async also(tx, row) {
        const [o] = await tx.select({ status: storeOrder.status }).from(storeOrder).where(eq(storeOrder.orderId, row.orderId));
        if (o && UNSHIPPED.has(o.status)) await restockRefund(tx, row.refundOrderId);
      },
    });
  }
  const [shop] = await ctx.db
    .select({ name: merchant.merName, phone: merchant.servicePhone, address: merchant.merAddress })
    .from(merchant)
    .where(eq(merchant.merId, merId));
  const user = body.return_name || shop?.name || '';
  const phone = body.return_phone || shop?.phone || '';
  const address = body.return_address || shop?.address || '';
  if (!address) throw new ServiceError('refused', MERCHANT_REFUND_TEXT.noAddress);
  if (!phone) throw new ServiceError('refused', MERCHANT_REFUND_TEXT.noReturnContact);
  return moveMerchantRefund(ctx.db, merId, id, {
    from: REFUND_STATUS.review,
    set: { status: REFUND_STATUS.awaitReturn, merDeliveryUser: user, merDeliveryPhone: phone, merDeliveryAddress: address },
    timeline: [
      {
        changeType: 'refund_agree',
        changeMessage: `${who}退货退款，退款单${r.refundOrderSn}，请寄回：${user} ${phone} ${address}`,
      },
    ],
    // The buyer has `refund_return_days` to send the parcel; then the request closes (close-unreturned.ts). They are
    // told by SMS where to send it and by when.
    async also(tx, row, at) {
      await queueAutoRefund(tx, row.refundOrderId, REFUND_STATUS.awaitReturn, at);
      await queueShopperNotice(tx, { event: 'return_approved', refundOrderId: row.refundOrderId });
    },
  });
}
