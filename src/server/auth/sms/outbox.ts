import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SmsMessage, SmsProvider } from './provider.ts';

/**
 * Development and test delivery: appends `{"phone","phone_code","type","code","at"}` (a notice has `text` in place
 * of `code`) as one JSON line to a file (SMS_OUTBOX, default data/sms-outbox.jsonl) and logs it, so a developer or
 * a browser test can read the code.
 */
export function createOutboxProvider(path: string, log: (line: string) => void = console.log): SmsProvider {
  return {
    name: 'outbox',
    async send(m: SmsMessage) {
      const body = 'code' in m ? { code: m.code } : { text: m.text };
      const line = JSON.stringify({ phone: m.phone, phone_code: m.phone_code, type: m.type, ...body, at: new Date().toISOString() });
      await mkdir(dirname(path), { recursive: true });
      // One write per line: appends of a single short line do not interleave between processes.
      await appendFile(path, `${line}\n`, 'utf8');
      log(`[mallfront] sms outbox +${m.phone_code} ${m.phone} (${m.type}): ${'code' in m ? m.code : m.text}`);
    },
  };
}
