import { describe, it, expect } from 'vitest';
import { z } from './zod.ts';
import { payInput } from './payment.ts';
import { refundApplyInput } from './refund.ts';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  expect(r.success, JSON.stringify(input)).toBe(false);
  return r.success ? '' : (r.error.issues[0]?.message ?? '');
};
const CHINESE = /[\u4e00-\u9fff]/;
const ENGLISH = /Invalid|expected|received|Too (big|small)/;

describe("zod's own messages", () => {
  it('are Chinese where a schema gives none', () => {
    for (const [schema, input] of [
      [z.string(), null],
      [z.string(), undefined],
      [z.string().max(3), 'abcd'],
      [z.number().int(), 1.5],
      [z.enum(['a', 'b']), 'c'],
      [z.object({ a: z.string() }), { a: 1 }],
    ] as const) {
      const message = messageOf(schema, input);
      expect(message, JSON.stringify(input)).toMatch(CHINESE);
      expect(message).not.toMatch(ENGLISH);
    }
  });

  it('are Chinese in the shared schemas a shopper meets (a return_url past 500 characters, a field sent as null)', () => {
    const long = messageOf(payInput, { type: 'balance', return_url: `https://a.example/${'x'.repeat(500)}` });
    expect(long).toMatch(CHINESE);
    expect(long).not.toMatch(ENGLISH);
  });

  it("never replace a schema's own message", () => {
    expect(messageOf(z.string({ error: '请填写姓名' }), null)).toBe('请填写姓名');
    expect(messageOf(z.string().max(2, '姓名太长'), 'abc')).toBe('姓名太长');
    expect(messageOf(payInput, { type: 'card' })).toBe('请选择支付方式');
    expect(messageOf(refundApplyInput, { type: 1, refund_type: 1, ids: [1], refund_message: null })).toBe('请选择退款原因');
  });
});
