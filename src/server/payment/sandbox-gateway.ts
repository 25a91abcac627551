import { config } from '../config.ts';
import { readTicket, sandboxNotification, signNotification, type SandboxTicket } from './sandbox.ts';

/**
 * The sandbox gateway's side: what a real gateway does after the payer answers on the phone. It POSTs the signed
 * notification to the shop, retries while the shop does not acknowledge (1, 2, 4, 8, 16 s), and resends it once
 * more after `SANDBOX_RESEND_MS` (default 1500 ms; 0 = never) as real gateways may, so the shop's exactly-once
 * handling is exercised on every sandbox payment. Delivery runs after the phone has its answer.
 */
export type SandboxAnswer = { ok: true; ticket: SandboxTicket } | { ok: false; message: string };

const RETRIES_MS = [1000, 2000, 4000, 8000, 16000];

export function answerTicket(key: string, t: string, action: 'confirm' | 'decline', at = new Date()): SandboxAnswer {
  const ticket = readTicket(key, t);
  if (!ticket) return { ok: false, message: '无效的支付二维码' };
  if (ticket.e * 1000 <= at.getTime()) return { ok: false, message: '二维码已过期，请在电脑上刷新后重新扫码' };
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
