import { z } from 'zod';
import { endpoint, ok, readBody, readQuery } from '../../../server/http/envelope.ts';
import { ServiceError } from '../../../server/services/errors.ts';
import { readTicket, sandboxKey } from '../../../server/payment/sandbox.ts';
import { answerTicket } from '../../../server/payment/sandbox-gateway.ts';
import { toYuan } from '../../../shared/money.ts';

/**
 * The sandbox gateway's own API (not the shop's): the page a phone opens from the QR code reads the trade (GET) and
 * confirms or declines it (POST); the gateway then notifies the shop.
 */
const ticketQuery = z.object({ t: z.string({ error: '无效的支付二维码' }).min(1, '无效的支付二维码').max(2000, '无效的支付二维码') });

export const GET = endpoint(async (ctx, { url }) => {
  const { t } = readQuery(url, ticketQuery);
  const ticket = readTicket(await sandboxKey(ctx.db), t);
  if (!ticket) throw new ServiceError('refused', '无效的支付二维码');
  return ok({
    out_trade_no: ticket.o,
    pay_price: toYuan(ticket.a),
    title: ticket.t,
    method: ticket.m,
    expires_at: ticket.e,
    expired: ticket.e * 1000 <= Date.now() ? 1 : 0,
  });
});

export const POST = endpoint(async (ctx, { request }) => {
  const { t, action } = await readBody(request, ticketQuery.extend({ action: z.enum(['confirm', 'decline'], { error: '参数错误' }) }));
  const answer = answerTicket(await sandboxKey(ctx.db), t, action);
  if (!answer.ok) throw new ServiceError('refused', answer.message);
  return ok({ status: action === 'confirm' ? 'confirmed' : 'declined' }, action === 'confirm' ? '支付成功' : '已取消支付');
});
