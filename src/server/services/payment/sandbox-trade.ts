import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { readTicket, sandboxKey } from '../../payment/sandbox.ts';
import { ANSWERED_TEXT, answerTicket, sandboxTradeState, type SandboxTradeState } from '../../payment/sandbox-gateway.ts';
import { toYuan } from '../../../shared/money.ts';

/**
 * The sandbox gateway's side (not the shop's, no login): the page a phone opens from the QR code reads the trade
 * from its signed ticket and whether the payer answered it already, and the payer confirms or declines it once; the
 * gateway then notifies the shop.
 */
export const SANDBOX_TEXT = { invalid: '无效的支付二维码', confirmed: '支付成功', declined: '已取消支付' } as const;

const ticketInput = z.object({
  t: z.string({ error: SANDBOX_TEXT.invalid }).min(1, SANDBOX_TEXT.invalid).max(2000, SANDBOX_TEXT.invalid),
});
export const sandboxAnswerInput = ticketInput.extend({ action: z.enum(['confirm', 'decline'], { error: '参数错误' }) });

/** What the payer's phone shows: `GET /api/sandbox/pay?t=` data. */
export interface SandboxTradeDto {
  out_trade_no: string;
  /** CNY, yuan. */
  pay_price: string;
  title: string;
  method: 'weixinQr' | 'alipayQr';
  expires_at: number;
  expired: 0 | 1;
  /** `open` until the payer answers; then `paid` (confirmed) or `closed` (declined), for good. */
  state: SandboxTradeState;
  /** What the phone says of an answered trade ('' while open). */
  state_text: string;
}

export async function getSandboxTrade(ctx: Pick<ServiceContext, 'db'>, input: { t: unknown }, at = new Date()): Promise<SandboxTradeDto> {
  const { t } = parseInput(ticketInput, input);
  const ticket = readTicket(await sandboxKey(ctx.db), t);
  if (!ticket) throw new ServiceError('refused', SANDBOX_TEXT.invalid);
  const state = await sandboxTradeState(ctx.db, ticket.o);
  return {
    out_trade_no: ticket.o,
    pay_price: toYuan(ticket.a),
    title: ticket.t,
    method: ticket.m,
    expires_at: ticket.e,
    expired: ticket.e * 1000 <= at.getTime() ? 1 : 0,
    state,
    state_text: state === 'open' ? '' : ANSWERED_TEXT[state].state,
  };
}

/**
 * The payer's answer (`POST /api/sandbox/pay {t, action}`): the gateway notifies the shop after answering. A trade
 * answered already is refused with what happened (confirming after a decline, cancelling after paying).
 */
export async function answerSandboxTrade(
  ctx: Pick<ServiceContext, 'db'>,
  input: { t: unknown; action: unknown },
): Promise<{ status: 'confirmed' | 'declined'; message: string }> {
  const { t, action } = parseInput(sandboxAnswerInput, input);
  const answer = await answerTicket(ctx.db, await sandboxKey(ctx.db), t, action);
  if (!answer.ok) throw new ServiceError('refused', answer.message);
  return action === 'confirm'
    ? { status: 'confirmed', message: SANDBOX_TEXT.confirmed }
    : { status: 'declined', message: SANDBOX_TEXT.declined };
}
