import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { payOrder } from '../../../../server/services/payment/pay-order.ts';
import { payInput } from '../../../../shared/schemas/payment.ts';
import { requireUser } from '../../../../server/services/context.ts';

/** Pays the balance of a presale deposit order (`id` = order_id), in its window; body as `/api/order/pay/{id}`. */
export const POST = endpoint(async (ctx, { params, request }) => {
  // Login first, then the body, as every shopper endpoint: a visitor is asked to sign in whatever they sent.
  requireUser(ctx);
  const body = await readObjectBody(request, payInput);
  const paid = await payOrder(ctx, { ...body, id: params.id ?? '', subject: 'presell' });
  return ok(paid, paid.status === 'success' ? '支付成功' : '请扫码支付');
});
