import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../client/api.ts';
import { chatApi, listenChat } from '../../client/chat.ts';
import { uploadImage } from '../../client/upload.ts';
import {
  CHAT_EMOJI,
  CHAT_KIND,
  CHAT_TEXT,
  CHAT_TEXT_MAX,
  type ChatKind,
  type ChatMessageDto,
  type ChatOrderCard,
  type ChatProductCard,
  type ChatServiceDto,
} from '../../shared/chat.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../../shared/review.ts';
import { $user, setUnreadNum } from '../../stores/session.ts';
import { chatLength, insertAt, kindOfText, mallTimeMs, mergeMessages, recallIn, recallLeftMs } from './chat-log.ts';
import { ChatMessage, DESK_AVATAR, orderCard, productCard } from './ChatMessage.tsx';

/** Messages per history page. */
const PAGE = 20;
const FAILED = '网络连接失败，请检查网络后重试';

/** Whether the list is scrolled to (about) its end, where a new message should keep it. */
const nearEnd = (el: HTMLElement | null) => !el || el.scrollHeight - el.scrollTop - el.clientHeight < 80;

interface Props {
  merId: number;
  product?: ChatProductCard;
  order?: ChatOrderCard;
  /** The dialog has closed (close button, Escape, or the session ended). */
  onClose: () => void;
}

/**
 * The chat window with one desk, a modal `<dialog>` mounted while open: the desk's name and avatar, the conversation
 * (welcome first, older pages on demand, new messages live from the event stream, which is open only while this is),
 * a product or order the shopper may send as a card, and the composer (emoji, picture, text; Enter sends).
 */
export default function ChatWindow({ merId, product, order, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const logBox = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  const ids = useId();

  const [info, setInfo] = useState<ChatServiceDto | null>(null);
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState<'first' | 'older' | null>('first');
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [picking, setPicking] = useState(false);
  const [upload, setUpload] = useState<string | null>(null);
  const [offered, setOffered] = useState(true);
  const [live, setLive] = useState<'connecting' | 'open' | 'down'>('connecting');
  const [, setTick] = useState(0);
  /** The server's clock minus the browser's, ms, as the last send's answer showed it (recall deadlines). */
  const skew = useRef(0);
  /** The newest message read from the history or the stream (not a send's answer): where a new stream starts. */
  const seen = useRef<number | null>(null);
  const [synced, setSynced] = useState(false);
  /** Where the list scrolls once the next messages are drawn: to the end, or kept in place above older ones. */
  const scroll = useRef<'end' | { height: number; top: number } | null>('end');

  // Open as a modal at once; closing it (button, Escape) unmounts the window.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    box.current?.focus();
    return () => d?.close();
  }, []);

  // A session that ends (a `请登录` answer, a sign-out) closes the chat; the login dialog takes over.
  useEffect(
    () =>
      $user.listen((u) => {
        if (!u) dialog.current?.close();
      }),
    [],
  );

  const fail = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
    setError(err instanceof ApiError ? err.message : FAILED);
  }, []);

  // The desk and the newest page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger
  useEffect(() => {
    let gone = false;
    setLoading('first');
    setLoadError('');
    Promise.all([chatApi.info(merId), chatApi.history(merId, 1, PAGE)])
      .then(([desk, h]) => {
        if (gone) return;
        setInfo(desk);
        // This desk's messages are read now: the top bar's 消息 count and the account page's badge for the desk follow.
        if (typeof h.unread_total === 'number') setUnreadNum(h.unread_total);
        for (const el of document.querySelectorAll<HTMLElement>(`[data-unread-desk="${merId}"]`)) el.hidden = true;
        const newest = h.list.reduce((n, m) => Math.max(n, m.service_log_id), 0);
        if (newest) seen.current = Math.max(seen.current ?? 0, newest);
        setSynced(true);
        scroll.current = 'end';
        setMessages((list) => mergeMessages(list, h.list));
        setMore(PAGE < h.count);
        setPage(1);
        setLoading(null);
      })
      .catch((err: unknown) => {
        if (gone) return;
        setLoading(null);
        if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED)) setLoadError(err instanceof ApiError ? err.message : FAILED);
      });
    return () => {
      gone = true;
    };
  }, [merId, attempt]);

  // New messages and recalls live, while the window is open, from the last message read (so nothing written between
  // the history read and the stream's start is missed; a stream opened anew after giving up starts there too).
  useEffect(() => {
    if (!synced) return;
    return listenChat(
      merId,
      {
        message: (m) => {
          seen.current = Math.max(seen.current ?? 0, m.service_log_id);
          if (m.mer_id !== merId) return;
          if (nearEnd(logBox.current)) scroll.current = 'end';
          setMessages((list) => mergeMessages(list, [m]));
        },
        recall: (r) => {
          if (r.mer_id === merId) setMessages((list) => recallIn(list, r.service_log_id));
        },
        open: () => setLive('open'),
        down: () => setLive('down'),
      },
      () => seen.current ?? 0,
    );
  }, [merId, synced]);

  // Keep the view where the shopper expects it: at the end for new messages, in place when older ones come in above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what the list shows
  useLayoutEffect(() => {
    const el = logBox.current;
    const s = scroll.current;
    if (!el || !s) return;
    el.scrollTop = s === 'end' ? el.scrollHeight : s.top + (el.scrollHeight - s.height);
    scroll.current = null;
  }, [messages, info, upload]);

  // The 撤回 buttons go away when their time is up.
  const serverNow = Date.now() + skew.current;
  const nextExpiry = Math.min(...messages.map((m) => recallLeftMs(m, serverNow)).filter((ms) => ms > 0));
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const t = setTimeout(() => setTick((n) => n + 1), nextExpiry + 50);
    return () => clearTimeout(t);
  }, [nextExpiry]);

  // The emoji picker closes on a click elsewhere.
  useEffect(() => {
    if (!picking) return;
    const away = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!picker.current?.contains(t) && !emojiButton.current?.contains(t)) setPicking(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [picking]);

  async function older() {
    if (loading) return;
    setLoading('older');
    try {
      const h = await chatApi.history(merId, page + 1, PAGE);
      const el = logBox.current;
      if (el) scroll.current = { height: el.scrollHeight, top: el.scrollTop };
      setMessages((list) => mergeMessages(list, h.list));
      setPage(page + 1);
      setMore((page + 1) * PAGE < h.count);
      if ((page + 1) * PAGE >= h.count) logBox.current?.focus();
    } catch (err) {
      fail(err);
    } finally {
      setLoading(null);
    }
  }

  /** Sends one message; true once the server has it (it is then in the list). Errors are shown, nothing is cleared. */
  async function deliver(kind: ChatKind, msn: string): Promise<boolean> {
    setError('');
    try {
      const m = await chatApi.send(merId, kind, msn);
      const at = mallTimeMs(m.create_time);
      if (!Number.isNaN(at)) skew.current = at - Date.now();
      scroll.current = 'end';
      setMessages((list) => mergeMessages(list, [m]));
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  }

  async function sendText() {
    if (sending) return;
    const typed = text;
    const n = chatLength(typed);
    if (!n) return setError(CHAT_TEXT.empty);
    if (n > CHAT_TEXT_MAX) return setError(CHAT_TEXT.tooLong);
    setSending(true);
    const sent = await deliver(kindOfText(typed), typed.trim());
    setSending(false);
    // What was typed while it was on its way stays.
    if (sent) setText((now) => (now === typed ? '' : now));
    box.current?.focus();
  }

  async function sendCard(kind: ChatKind, id: number) {
    if (sending) return;
    setSending(true);
    if (await deliver(kind, String(id))) setOffered(false);
    setSending(false);
    box.current?.focus();
  }

  async function sendPicture(file: File) {
    if (file.size > UPLOAD_MAX_BYTES) return setError(UPLOAD_TEXT.tooLarge);
    const preview = URL.createObjectURL(file);
    setError('');
    scroll.current = 'end';
    setUpload(preview);
    try {
      const img = await uploadImage(file);
      await deliver(CHAT_KIND.image, img.path);
    } catch (err) {
      fail(err);
    } finally {
      URL.revokeObjectURL(preview);
      setUpload(null);
    }
  }

  async function recall(id: number) {
    setError('');
    try {
      await chatApi.recall(id);
      setMessages((list) => recallIn(list, id));
    } catch (err) {
      fail(err);
    }
    box.current?.focus();
  }

  function pick(emoji: string) {
    const el = box.current;
    const next = insertAt(text, emoji, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length);
    setText(next.text);
    setPicking(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter is a new line; Enter that picks a word in an input method is left to it.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void sendText();
  }

  const count = chatLength(text);
  const over = count > CHAT_TEXT_MAX;
  const name = info?.nickname || '在线客服';
  const offer =
    offered && product
      ? { kind: CHAT_KIND.product, id: product.product_id, card: productCard(product), label: '发送商品', title: '您正在咨询的商品' }
      : offered && order
        ? { kind: CHAT_KIND.order, id: order.order_id, card: orderCard(order), label: '发送订单', title: '您正在咨询的订单' }
        : null;

  return (
    <dialog
      ref={dialog}
      className="chat"
      aria-label={info ? `${info.merchant.mer_name || name} 在线客服` : '在线客服'}
      data-chat={merId}
      data-live={live}
      data-ready={loading === 'first' ? undefined : ''}
      onClose={onClose}
      onCancel={(e) => {
        // Escape closes the emoji picker first, then the chat.
        if (picking) {
          e.preventDefault();
          setPicking(false);
          emojiButton.current?.focus();
        }
      }}
    >
      <header className="chat__head">
        <img className="chat__avatar" src={info?.avatar || DESK_AVATAR} alt="" width="40" height="40" />
        <div className="chat__title">
          <h2 className="chat__name">{name}</h2>
          <p className="chat__state">
            {live === 'down'
              ? '连接已断开，正在重新连接…'
              : info?.merchant.mer_name && info.merchant.mer_name !== name
                ? info.merchant.mer_name
                : '在线客服'}
          </p>
        </div>
        <button type="button" className="chat__close" aria-label="关闭" onClick={() => dialog.current?.close()}>
          ×
        </button>
      </header>

      <div ref={logBox} className="chat-log" role="log" aria-live="polite" aria-label="聊天记录" tabIndex={-1}>
        {more && (
          <button type="button" className="chat-log__more" onClick={older} disabled={loading === 'older'}>
            {loading === 'older' ? '加载中…' : '查看更多消息'}
          </button>
        )}
        {loading === 'first' && <p className="chat-log__status">加载中…</p>}
        {loadError && (
          <p className="chat-log__status" role="alert">
            {loadError}{' '}
            <button type="button" className="chat-log__retry" onClick={() => setAttempt((n) => n + 1)}>
              重试
            </button>
          </p>
        )}
        <ol className="chat-log__list">
          {info && (
            <li className="chat-msg" data-chat-welcome="">
              <img className="chat-msg__avatar" src={info.avatar || DESK_AVATAR} alt="" width="36" height="36" />
              <div className="chat-msg__main">
                <p className="chat-msg__meta">
                  <span className="chat-msg__who">{name}</span>
                </p>
                <p className="chat-msg__bubble chat-msg__text">{info.welcome || CHAT_TEXT.welcome}</p>
              </div>
            </li>
          )}
          {messages.map((m) => (
            <ChatMessage key={m.service_log_id} m={m} serverNow={serverNow} onRecall={recall} />
          ))}
          {upload && (
            <li className="chat-msg chat-msg--mine" aria-busy="true">
              <div className="chat-msg__main">
                <span className="chat-msg__image chat-msg__image--busy">
                  <img src={upload} alt="" width="160" height="160" />
                  <span className="chat-msg__uploading">图片发送中…</span>
                </span>
              </div>
            </li>
          )}
        </ol>
      </div>

      {offer && (
        <section className="chat-offer" aria-label={offer.title}>
          <span className="chat-offer__title">{offer.title}</span>
          {offer.card}
          <button type="button" className="btn btn--ghost" disabled={sending} onClick={() => sendCard(offer.kind, offer.id)}>
            {offer.label}
          </button>
          <button type="button" className="chat-offer__dismiss" aria-label="不发送" onClick={() => setOffered(false)}>
            ×
          </button>
        </section>
      )}

      <div className="chat-compose">
        <div className="chat-compose__tools">
          <button
            ref={emojiButton}
            type="button"
            className="chat-compose__tool"
            aria-label="表情"
            aria-expanded={picking}
            aria-controls={`${ids}-emoji`}
            onClick={() => setPicking((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm-3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 17.5c2.3 0 4.3-1.4 5.1-3.5H6.9c.8 2.1 2.8 3.5 5.1 3.5z"
              />
            </svg>
          </button>
          <label className="chat-compose__tool">
            <input
              type="file"
              className="sr-only"
              aria-label="发送图片"
              accept="image/jpeg,image/png,image/webp,image/gif"
              disabled={!!upload}
              data-chat-picture=""
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void sendPicture(file);
              }}
            />
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 14H4V6h16v12zM8.5 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 17l4-5 3 3.5 2.5-3L19 17H5z"
              />
            </svg>
          </label>
          {picking && (
            <div ref={picker} id={`${ids}-emoji`} className="chat-emoji" role="group" aria-label="选择表情">
              {CHAT_EMOJI.map((e) => (
                <button key={e} type="button" className="chat-emoji__item" onClick={() => pick(e)}>
                  {e}
                </button>
              ))}
            </div>
          )}
        </div>
        <label className="sr-only" htmlFor={`${ids}-text`}>
          输入消息
        </label>
        <textarea
          ref={box}
          id={`${ids}-text`}
          className="chat-compose__text"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
          onKeyDown={onKey}
          placeholder="请输入消息，Enter 发送，Shift+Enter 换行"
          aria-describedby={`${ids}-count`}
          aria-invalid={over || undefined}
        />
        <div className="chat-compose__foot">
          {error && (
            <p className="chat-compose__error" role="alert">
              {error}
            </p>
          )}
          <span id={`${ids}-count`} className={over ? 'chat-compose__count chat-compose__count--over' : 'chat-compose__count'}>
            {count}/{CHAT_TEXT_MAX}
          </span>
          <button type="button" className="btn btn--primary" onClick={sendText} disabled={sending}>
            发送
          </button>
        </div>
      </div>
    </dialog>
  );
}
