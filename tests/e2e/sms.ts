// Reads verification codes from the SMS outbox that tests/e2e/server.ts points the server at.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';

export const SMS_OUTBOX = 'reports/e2e-sms-outbox.jsonl';

interface OutboxLine {
  phone: string;
  phone_code: string;
  type: string;
  /** A verification code; a notice (`register_notice`) has `text` instead. */
  code?: string;
  text?: string;
  at: string;
}

async function linesFor(phone: string, type?: string): Promise<OutboxLine[]> {
  const text = await readFile(SMS_OUTBOX, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OutboxLine)
    .filter((m) => m.phone === phone && (!type || m.type === type));
}

/**
 * The newest code sent to `phone` (optionally of one `type`), polling the outbox every 50 ms until one appears
 * or `timeout` ms pass. Use a phone no other test uses.
 */
export async function latestCode(phone: string, opts: { type?: string; timeout?: number } = {}): Promise<string> {
  let code = '';
  await expect
    .poll(async () => (code = (await linesFor(phone, opts.type)).filter((m) => m.code).at(-1)?.code ?? ''), {
      message: `an SMS code for ${phone} in ${SMS_OUTBOX}`,
      timeout: opts.timeout ?? 5000,
      intervals: [50],
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** How many messages (codes, or of one `type`) `phone` has received so far (to tell "nothing was sent" apart). */
export async function codeCount(phone: string, type?: string): Promise<number> {
  return (await linesFor(phone, type)).length;
}

/** The notices (messages with a text and no code) `phone` has received, polling until `count` are there. */
export async function noticesFor(phone: string, count = 1, timeout = 5000): Promise<OutboxLine[]> {
  let lines: OutboxLine[] = [];
  await expect
    .poll(
      async () => {
        lines = (await linesFor(phone)).filter((m) => m.text);
        return lines.length;
      },
      {
        message: `${count} SMS notice(s) for ${phone} in ${SMS_OUTBOX}`,
        timeout,
        intervals: [50],
      },
    )
    .toBeGreaterThanOrEqual(count);
  return lines;
}

/** A mainland mobile number that no other test (or earlier run against this server) has used. */
export function uniquePhone(): string {
  return `13${3 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e9))
    .padStart(9, '0')
    .slice(0, 8)}`;
}
