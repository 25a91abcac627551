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
    last(phone) {
      return messages.filter((m) => m.phone === phone).at(-1)?.code;
    },
  };
}
