/**
 * The desk's chat commands, shared by the merchant CLI (a shop's desk, `/api/merchant/service`) and the operator CLI
 * (the mall's own desk, `/api/operator/service`): chats, chat <uid>, reply <uid> <text>, unsend <message_id>.
 */
import { CliError, call } from './cli.ts';

export const CHAT_USAGE = `  chats                                    customer-service conversations, latest first, with unread counts
  chat <uid>                               one conversation, newest page first (marks the shopper's messages read)
  reply <uid> <text>                       answer a shopper who wrote to the desk
  unsend <message_id>                      take back the desk's own reply (within two minutes)`;

interface ChatMessage {
  service_log_id: number;
  send_type: number;
  msn_type: number;
  msn: string;
  create_time: string;
  user: { nickname: string };
  product?: { store_name: string; price: string };
  orderInfo?: { order_sn: string; pay_price: string };
  refundOrder?: { refund_order_sn: string; refund_price: string };
}

/** One chat line: time, who, and what (a card by its subject, a picture by its address). */
function printMessage(m: ChatMessage): void {
  const who = m.send_type === 1 ? '客服' : m.user.nickname;
  const what =
    m.msn_type === 100
      ? '（已撤回）'
      : m.product
        ? `[商品] ${m.product.store_name} ¥${m.product.price}`
        : m.orderInfo
          ? `[订单] ${m.orderInfo.order_sn} ¥${m.orderInfo.pay_price}`
          : m.refundOrder
            ? `[退款] ${m.refundOrder.refund_order_sn} ¥${m.refundOrder.refund_price}`
            : m.msn_type === 3
              ? `[图片] ${m.msn}`
              : m.msn;
  console.log(`#${m.service_log_id}  ${m.create_time}  ${who}: ${what}`);
}

/** Runs one chat command against the desk API under `base`. */
export async function chatCommand(
  base: string,
  command: string,
  args: string[],
  opts: { page?: string; limit?: string },
  token: string,
): Promise<number> {
  switch (command) {
    case 'chats': {
      const q = new URLSearchParams({ page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `${base}/lst?${q}`, token);
      const list = data.list as { uid: number; nickname: string; unread: number; last: ChatMessage }[];
      console.log(`${data.count} conversation(s)`);
      for (const c of list) {
        console.log(`uid ${c.uid} ${c.nickname}${c.unread ? `  (${c.unread} unread)` : ''}`);
        printMessage(c.last);
      }
      return 0;
    }
    case 'chat': {
      const uid = args[0];
      if (!uid || !/^[1-9]\d{0,9}$/.test(uid)) throw new CliError('usage: chat <uid>');
      const q = new URLSearchParams({ page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `${base}/history/${uid}?${q}`, token);
      console.log(`${data.count} message(s)`);
      for (const m of data.list as ChatMessage[]) printMessage(m);
      return 0;
    }
    case 'reply': {
      const [uid, ...words] = args;
      if (!uid || !/^[1-9]\d{0,9}$/.test(uid) || !words.length) throw new CliError('usage: reply <uid> <text>');
      const { message, data } = await call('POST', `${base}/send/${uid}`, token, { msn_type: 1, msn: words.join(' ') });
      console.log(message);
      printMessage(data as ChatMessage);
      return 0;
    }
    case 'unsend': {
      const id = args[0];
      if (!id || !/^[1-9]\d{0,9}$/.test(id)) throw new CliError('usage: unsend <message_id>');
      const { message } = await call('POST', `${base}/recall/${id}`, token, {});
      console.log(message);
      return 0;
    }
    default:
      throw new CliError(`unknown chat command "${command}"`);
  }
}
