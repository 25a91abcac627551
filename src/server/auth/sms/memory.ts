import type { SmsMessage, SmsProvider } from './provider.ts';

/** Keeps messages in memory: service tests read codes from here instead of a file. */
export function createMemoryProvider(): SmsProvider & { messages: SmsMessage[]; last(phone: string): string | undefined } {
  const messages: SmsMessage[] = [];
  return {
    name: 'memory',
    messages,
    async send(m) {
      messages.push({ ...m });
    },
    /** The code of the phone's newest message; undefined when that message is a notice (no code was sent). */
    last(phone) {
      const m = messages.filter((x) => x.phone === phone).at(-1);
      return m && 'code' in m ? m.code : undefined;
    },
  };
}
