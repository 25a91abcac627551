/**
 * Customer-service chat between a shopper and a shop's (or the mall's, `mer_id` 0) service desk (reference: the
 * shared chat component, `has_service`, `service/info`, `service/history`): the message kinds, limits, wording and
 * the shapes the server, the chat island and a merchant client share. The domain word is `chat`; API paths keep
 * `service`.
 */

/** Who wrote a message (the reference's `send_type`). */
export const CHAT_FROM = { shopper: 0, service: 1 } as const;

/** What a message carries (the reference's `msn_type`). A recalled message keeps its row with `recalled`. */
export const CHAT_KIND = {
  text: 1,
  emoji: 2,
  image: 3,
  product: 4,
  order: 5,
  refund: 6,
  /** A message its writer took back: `msn` is empty and the card fields are gone. */
  recalled: 100,
} as const;
export type ChatKind = (typeof CHAT_KIND)[keyof typeof CHAT_KIND];

/** Characters in one text message. */
export const CHAT_TEXT_MAX = 500;
/** How long after sending its writer may take a message back. */
export const CHAT_RECALL_SECONDS = 120;
/** Messages one shopper (or one shop) may send per minute, counted across processes. */
export const CHAT_SENDS_PER_MINUTE = 30;
/** Messages per history page (at most). */
export const CHAT_PAGE_MAX = 50;

/** The emoji a shopper can pick (`msn_type` 2 sends exactly one of these; they may also appear in text). */
export const CHAT_EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😅',
  '😭',
  '😡',
  '😱',
  '😴',
  '🙄',
  '😉',
  '👍',
  '👎',
  '👌',
  '🙏',
  '👏',
  '💪',
  '🤝',
  '✌️',
  '❤️',
  '💔',
  '🌹',
  '🎉',
  '🎁',
  '🔥',
  '✅',
  '❓',
] as const;

export const CHAT_TEXT = {
  noService: '暂无可用客服',
  /** To a desk writing while it takes no chats: the shopper could not answer. */
  deskOff: '未开启在线客服，顾客无法回复；请先开启在线客服再发送消息',
  empty: '请输入消息内容',
  tooLong: `消息不能超过${CHAT_TEXT_MAX}个字`,
  badKind: '不支持的消息类型',
  badEmoji: '请选择表情',
  badImage: '请先上传图片再发送',
  noProduct: '商品不存在或已下架',
  noOrder: '订单不存在',
  noRefund: '退款单不存在',
  tooMany: '发送太频繁，请稍后再试',
  notYours: '只能撤回自己发送的消息',
  recallLate: `只能撤回${CHAT_RECALL_SECONDS / 60}分钟内的消息`,
  noMessage: '消息不存在',
  noShopper: '用户不存在',
  recalled: '消息已撤回',
  welcome: '您好，欢迎光临！请问有什么可以帮您？',
} as const;

/** A product card in a message: what the shopper asks about. */
export interface ChatProductCard {
  product_id: number;
  store_name: string;
  image: string;
  price: string;
  stock: number;
  sales: number;
}

/** An order card: the shop's part of one of the shopper's orders. */
export interface ChatOrderCard {
  order_id: number;
  order_sn: string;
  total_num: number;
  pay_price: string;
  status: number;
  image: string;
  store_name: string;
}

/** A refund card: one of the shopper's refund requests at this shop. */
export interface ChatRefundCard {
  refund_order_id: number;
  refund_order_sn: string;
  refund_num: number;
  refund_price: string;
  status: number;
  image: string;
}

/** One message (the reference's `service_log`). */
export interface ChatMessageDto {
  service_log_id: number;
  mer_id: number;
  uid: number;
  /** 0 the shopper wrote it, 1 the service desk. */
  send_type: number;
  msn_type: ChatKind;
  /** Text, the emoji, the image path, or the id of the card's subject; empty once recalled. */
  msn: string;
  create_time: string;
  user: { nickname: string; avatar: string };
  service: { nickname: string; avatar: string };
  product?: ChatProductCard;
  orderInfo?: ChatOrderCard;
  refundOrder?: ChatRefundCard;
}

/** `GET /api/service/info/{mer_id}`: the desk a shopper talks to. */
export interface ChatServiceDto {
  /** The desk's id: the shop's `mer_id` (0 the mall's own desk). */
  service_id: number;
  mer_id: number;
  nickname: string;
  avatar: string;
  /** The greeting shown above the history (not stored as a message). */
  welcome: string;
  service_phone: string;
  /** Messages of the desk the shopper has not read yet. */
  unread: number;
  merchant: { mer_id: number; mer_name: string; mer_avatar: string };
}

/** A page of one conversation: `list` oldest first; page 1 is the newest messages. */
export interface ChatHistoryDto {
  count: number;
  list: ChatMessageDto[];
  /**
   * The shopper's history only: their desk messages still unread over all their conversations once this page is read
   * (this desk's are read now): the header's 消息 count.
   */
  unread_total?: number;
}

/** One conversation in the shopper's list (`GET /api/service/lst`), latest first. */
export interface ChatShopperConversationDto {
  service_id: number;
  mer_id: number;
  nickname: string;
  avatar: string;
  /** Messages of the desk the shopper has not read yet. */
  unread: number;
  last: ChatMessageDto;
}

/** One conversation in a desk's list (merchant API). */
export interface ChatConversationDto {
  uid: number;
  nickname: string;
  avatar: string;
  /** Shopper messages the desk has not read yet. */
  unread: number;
  last: ChatMessageDto;
}

/** Server-sent events of `GET /api/service/events` (`event:` names; each `data:` is JSON). */
export const CHAT_EVENT = {
  /** A new message of one of the shopper's conversations (`id:` is its `service_log_id`). */
  message: 'chat',
  /** A message taken back: `{service_log_id, mer_id}`. */
  recall: 'recall',
} as const;

/** One line saying what a message is, for a list of conversations: its text, or the kind of card or picture. */
export function chatPreview(m: Pick<ChatMessageDto, 'msn_type' | 'msn' | 'product' | 'orderInfo' | 'refundOrder'>): string {
  switch (m.msn_type) {
    case CHAT_KIND.text:
    case CHAT_KIND.emoji:
      return m.msn;
    case CHAT_KIND.image:
      return '[图片]';
    case CHAT_KIND.product:
      return m.product ? `[商品] ${m.product.store_name}` : '[商品]';
    case CHAT_KIND.order:
      return m.orderInfo ? `[订单] ${m.orderInfo.order_sn}` : '[订单]';
    case CHAT_KIND.refund:
      return m.refundOrder ? `[退款] ${m.refundOrder.refund_order_sn}` : '[退款]';
    default:
      return CHAT_TEXT.recalled;
  }
}
