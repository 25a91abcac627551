// Text a shopper writes, which shops read on pages and in their command line, carries no control characters: a
// terminal escape in a chat message, an order note, a refund note or an invoice title is refused in Chinese.
import { describe, it, expect } from 'vitest';
import { chatSendBody } from './chat.ts';
import { orderCreateInput } from './order.ts';
import { refundApplyInput } from './refund.ts';
import { receiptInput } from './invoice.ts';

const ESC = 'x\u001b[2J\u001b[31mHACK';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('control characters in shoppers’ text', () => {
  it('are refused in chat messages, order notes, refund notes and invoice titles; new lines are not', () => {
    expect(messages(chatSendBody.safeParse({ msn_type: 1, msn: ESC }))).toContain('消息不能包含特殊控制字符');
    expect(chatSendBody.safeParse({ msn_type: 1, msn: '第一行\n第二行' }).success).toBe(true);
    expect(messages(orderCreateInput.safeParse({ cart_id: [1], key: 'k', mark: { 1: ESC } }))).toContain('备注不能包含特殊控制字符');
    const refund = { type: 1, refund_type: 1, num: 1, ids: '1', refund_message: '不想要了', refund_price: 1 };
    expect(messages(refundApplyInput.safeParse({ ...refund, mark: ESC }))).toContain('备注不能包含特殊控制字符');
    expect(messages(receiptInput.safeParse({ receipt_type: 1, receipt_title_type: 1, receipt_title: ESC }))).toContain(
      '发票抬头不能包含特殊控制字符',
    );
  });
});
