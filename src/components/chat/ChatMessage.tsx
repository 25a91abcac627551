import {
  CHAT_FROM,
  CHAT_KIND,
  type ChatMessageDto,
  type ChatOrderCard,
  type ChatProductCard,
  type ChatRefundCard,
} from '../../shared/chat.ts';
import { orderStatusText } from '../../shared/order-status.ts';
import { REFUND_STATUS_TEXT } from '../../shared/refund.ts';
import { url } from '../../shared/routes.ts';
import { recallLeftMs, timeLabel } from './chat-log.ts';

export const SHOPPER_AVATAR = '/images/avatar-2.svg';
export const DESK_AVATAR = '/images/merchant-avatar.svg';

/** A picture path or web address the page may link to (never `javascript:` and the like). */
const safeSrc = (s: string) => /^(\/(?!\/)|https?:\/\/)/.test(s);

interface CardProps {
  href: string;
  image: string;
  title: string;
  /** The amount, shown in red. */
  price: string;
  lines: string[];
  kind: string;
}

/** A card of a message (product, order, refund), opened in a new tab so the chat stays open. */
function Card({ href, image, title, price, lines, kind }: CardProps) {
  return (
    <a className="chat-card" href={href} target="_blank" rel="noopener" data-chat-card={kind}>
      {image && safeSrc(image) ? (
        <img className="chat-card__img" src={image} alt="" width="64" height="64" loading="lazy" />
      ) : (
        <span className="chat-card__img" aria-hidden="true" />
      )}
      <span className="chat-card__info">
        <span className="chat-card__title">{title}</span>
        <span className="chat-card__price">{price}</span>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one card, never reordered
          <span key={i} className="chat-card__line">
            {l}
          </span>
        ))}
      </span>
    </a>
  );
}

export const productCard = (c: ChatProductCard) => (
  <Card
    kind="product"
    href={url('goodsDetail', { id: c.product_id })}
    image={c.image}
    title={c.store_name}
    price={`¥${c.price}`}
    lines={[`库存 ${c.stock} · 已售 ${c.sales}`]}
  />
);

export const orderCard = (c: ChatOrderCard) => (
  <Card
    kind="order"
    href={url('orderDetail', { orderId: c.order_id })}
    image={c.image}
    title={c.store_name || `订单 ${c.order_sn}`}
    price={`实付 ¥${c.pay_price}`}
    lines={[`订单号 ${c.order_sn}`, `共 ${c.total_num} 件 · ${orderStatusText(c.status)}`]}
  />
);

const refundCard = (c: ChatRefundCard) => (
  <Card
    kind="refund"
    href={url('refundDetail', { id: c.refund_order_id })}
    image={c.image}
    title={`退款单号 ${c.refund_order_sn}`}
    price={`退款 ¥${c.refund_price}`}
    lines={[`共 ${c.refund_num} 件${REFUND_STATUS_TEXT[c.status] ? ` · ${REFUND_STATUS_TEXT[c.status]}` : ''}`]}
  />
);

const gone = (text: string) => <p className="chat-msg__bubble chat-msg__gone">{text}</p>;

function Body({ m }: { m: ChatMessageDto }) {
  switch (m.msn_type) {
    case CHAT_KIND.emoji:
      return (
        <p className="chat-msg__emoji" role="img" aria-label={`表情 ${m.msn}`}>
          {m.msn}
        </p>
      );
    case CHAT_KIND.image:
      return safeSrc(m.msn) ? (
        <a className="chat-msg__image" href={m.msn} target="_blank" rel="noopener" aria-label="图片，点击查看原图">
          <img src={m.msn} alt="" width="160" height="160" loading="lazy" />
        </a>
      ) : (
        gone('[图片]')
      );
    case CHAT_KIND.product:
      return m.product ? productCard(m.product) : gone('商品不存在或已下架');
    case CHAT_KIND.order:
      return m.orderInfo ? orderCard(m.orderInfo) : gone('订单不存在');
    case CHAT_KIND.refund:
      return m.refundOrder ? refundCard(m.refundOrder) : gone('退款单不存在');
    default:
      return <p className="chat-msg__bubble chat-msg__text">{m.msn}</p>;
  }
}

interface Props {
  m: ChatMessageDto;
  /** The server's clock as the page knows it, ms. */
  serverNow: number;
  onRecall: (id: number) => void;
}

/** One message: the shopper's on the right, the desk's on the left, with avatar, name and time; a notice once taken back. */
export function ChatMessage({ m, serverNow, onRecall }: Props) {
  const mine = m.send_type === CHAT_FROM.shopper;
  if (m.msn_type === CHAT_KIND.recalled) {
    return (
      <li className="chat-log__notice" data-chat-msg={m.service_log_id} data-recalled="">
        {mine ? '你撤回了一条消息' : '客服撤回了一条消息'}
      </li>
    );
  }
  const who = mine ? m.user : m.service;
  const avatar = who.avatar && safeSrc(who.avatar) ? who.avatar : mine ? SHOPPER_AVATAR : DESK_AVATAR;
  return (
    <li className={mine ? 'chat-msg chat-msg--mine' : 'chat-msg'} data-chat-msg={m.service_log_id} data-kind={m.msn_type}>
      <img className="chat-msg__avatar" src={avatar} alt="" width="36" height="36" />
      <div className="chat-msg__main">
        <p className="chat-msg__meta">
          <span className="chat-msg__who">{mine ? '我' : who.nickname}</span>
          <time dateTime={`${m.create_time.replace(' ', 'T')}+08:00`}>{timeLabel(m.create_time, serverNow)}</time>
          {mine && recallLeftMs(m, serverNow) > 0 && (
            <button type="button" className="chat-msg__recall" onClick={() => onRecall(m.service_log_id)} aria-label="撤回这条消息">
              撤回
            </button>
          )}
        </p>
        <Body m={m} />
      </div>
    </li>
  );
}
