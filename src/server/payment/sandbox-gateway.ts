import { eq } from 'drizzle-orm';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sandboxTrade, type SandboxTradeStatus } from '../db/schema/index.ts';
import { readTicket, sandboxNotification, signNotification, type SandboxTicket } from './sandbox.ts';

/**
 * The sandbox gateway's side: what a real gateway does after the payer answers on the phone. The answer is recorded
 * first (`sandbox_trade`), once per trade: as at a real gateway, a trade the payer declined cannot be paid afterwards
 * and a paid one cannot be cancelled, so a second answer (another tab, a reloaded page, a second phone) is refused
 * with what happened, and no notification contradicts the first. Then it POSTs the signed notification to the shop,
 * retries while the shop does not acknowledge (1, 2, 4, 8, 16 s), and resends it once more after `SANDBOX_RESEND_MS`
 * (default 1500 ms; 0 = never) as real gateways may, so the shop's exactly-once handling is exercised on every sandbox
 * payment. Delivery runs after the phone has its answer.
 */
export type SandboxAnswer = { ok: true; ticket: SandboxTicket } | { ok: false; message: string };

export type SandboxAction = 'confirm' | 'decline';

/** A trade's state at the gateway: not answered yet, or the payer's answer. */
export type SandboxTradeState = 'open' | SandboxTradeStatus;

export const GATEWAY_TEXT = {
  invalid: '无效的支付二维码',
  expired: '二维码已过期，请在电脑上刷新后重新扫码',
} as const;

/** What the phone says of an answered trade, and why a second answer is refused. */
export const ANSWERED_TEXT: Record<SandboxTradeStatus, { state: string } & Record<SandboxAction, string>> = {
  paid: {
    state: '这笔支付已完成，请返回电脑查看',
    confirm: '这笔支付已完成，请勿重复支付，请返回电脑查看',
    decline: '这笔支付已完成，不能再取消，请返回电脑查看',
  },
  closed: {
    state: '您已取消这笔支付。如需付款，请在电脑上重新发起支付',
    confirm: '您已取消这笔支付，不能再确认支付。如需付款，请在电脑上重新发起支付',
    decline: '您已取消这笔支付',
  },
};

const RETRIES_MS = [1000, 2000, 4000, 8000, 16000];

/** The payer's answer to a trade, if it was answered. */
export async function sandboxTradeState(db: Db, outTradeNo: string): Promise<SandboxTradeState> {
  const [row] = await db.select({ status: sandboxTrade.status }).from(sandboxTrade).where(eq(sandboxTrade.outTradeNo, outTradeNo));
  return row?.status ?? 'open';
}

export async function answerTicket(db: Db, key: string, t: string, action: SandboxAction, at = new Date()): Promise<SandboxAnswer> {
  const ticket = readTicket(key, t);
  if (!ticket) return { ok: false, message: GATEWAY_TEXT.invalid };
  // An answered trade says so, even once its code has expired.
  const before = await sandboxTradeState(db, ticket.o);
  if (before !== 'open') return { ok: false, message: ANSWERED_TEXT[before][action] };
  if (ticket.e * 1000 <= at.getTime()) return { ok: false, message: GATEWAY_TEXT.expired };
  // The first answer wins: two at the same moment (two tabs) insert one row, and the other is refused.
  const won = await db
    .insert(sandboxTrade)
    .values({ outTradeNo: ticket.o, status: action === 'confirm' ? 'paid' : 'closed', answeredAt: at })
    .onConflictDoNothing()
    .returning({ status: sandboxTrade.status });
  if (!won.length) {
    const now = await sandboxTradeState(db, ticket.o);
    return { ok: false, message: now === 'open' ? GATEWAY_TEXT.invalid : ANSWERED_TEXT[now][action] };
  }
  const form = signNotification(key, sandboxNotification(ticket, action, at)).toString();
  const notifyUrl = `${config.siteUrl}/api/notify/sandbox`;
  setTimeout(() => void deliver(notifyUrl, form, 0), 0);
  const resend = Number(process.env.SANDBOX_RESEND_MS ?? 1500);
  if (resend > 0) setTimeout(() => void deliver(notifyUrl, form, RETRIES_MS.length), resend).unref();
  return { ok: true, ticket };
}

async function deliver(url: string, form: string, attempt: number): Promise<void> {
  let acked = false;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    acked = res.ok && (await res.text()).trim() === 'success';
  } catch {
    acked = false;
  }
  if (!acked && attempt < RETRIES_MS.length) setTimeout(() => void deliver(url, form, attempt + 1), RETRIES_MS[attempt]).unref();
}
