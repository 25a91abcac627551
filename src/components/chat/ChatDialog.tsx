import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError } from '../../client/api.ts';
import { chatApi } from '../../client/chat.ts';
import { askLogin } from '../../client/login.ts';
import { toast } from '../../client/toast.ts';
import type { ChatOrderCard, ChatProductCard } from '../../shared/chat.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { $loggedIn } from '../../stores/session.ts';

// The window's stylesheet is linked on the first click, by hand: imported as CSS, Astro would link it from every page
// with a 联系客服 button, and the footer's is on every page. (The window's code comes with the island, which loads on
// interaction: splitting it off would need Vite's preload helper, which then moves out of the boot script into a chunk
// of its own that every page loads.)
import chatCss from '../../styles/chat.css?url';
import ChatWindow from './ChatWindow.tsx';

let styled: Promise<void> | undefined;
/** Links the chat's stylesheet once; resolves when it applies (a failed load may be tried again). */
function loadStyles(): Promise<void> {
  styled ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = chatCss;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      styled = undefined;
      reject(new Error(`stylesheet ${chatCss}`));
    };
    document.head.append(link);
  });
  return styled;
}

export interface ChatDialogProps {
  /** The desk: a shop's `mer_id`, 0 the mall's own. */
  merId: number;
  /** The button's text. */
  label?: string;
  /** The button's classes (it takes the look of where it stands). */
  className?: string;
  /** A product the shopper may send as a card (a product page). */
  product?: ChatProductCard;
  /** An order the shopper may send as a card (an order's page). */
  order?: ChatOrderCard;
  /**
   * The shopper's conversation with this desk exists (the account page's list): it opens even when the desk no longer
   * takes chats, to read what it wrote (writing is then refused).
   */
  known?: boolean;
}

/**
 * "联系客服": a visitor is asked to sign in; a shopper's click asks whether the desk takes chats (a refusal is shown as
 * a toast, 暂无可用客服) and opens the chat window, a modal dialog mounted only while open.
 */
export default function ChatDialog({ merId, label = '联系客服', className = 'link-btn', product, order, known = false }: ChatDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  async function start() {
    if (!$loggedIn.get()) return askLogin();
    if (busy || open) return;
    setBusy(true);
    try {
      await Promise.all([known ? null : chatApi.hasService(merId), loadStyles()]);
      setOpen(true);
    } catch (err) {
      if (!(err instanceof ApiError)) toast('网络连接失败，请检查网络后重试');
      else if (err.message !== LOGIN_REQUIRED) toast(err.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        onClick={start}
        aria-haspopup="dialog"
        aria-busy={busy || undefined}
        data-chat-trigger={merId}
      >
        {label}
      </button>
      {/* In the body, not where the button stands: the page's rules for that spot (a footer's centred small print, an
          order block's rows) would otherwise reach into the window. */}
      {open &&
        createPortal(
          <ChatWindow
            merId={merId}
            product={product}
            order={order}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />,
          document.body,
        )}
    </>
  );
}
