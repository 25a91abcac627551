import { useEffect, useState } from 'react';

/** Spec section 9: the verification countdown. */
export const COUNTDOWN_SECONDS = 60;

/**
 * "获取验证码": on a successful send it disables itself and counts down (`Ns`), then offers "重新获取".
 * `onSend` resolves true when the server accepted the send.
 */
export function CodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  // Counts against a deadline, so a throttled background tab still re-enables the button on time.
  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) setEndsAt(0);
    };
    tick();
    const t = setInterval(tick, 250);
    return () => clearInterval(t);
  }, [endsAt]);

  async function click() {
    if (left > 0 || busy) return;
    setBusy(true);
    try {
      if (await onSend()) {
        setSentOnce(true);
        setEndsAt(Date.now() + COUNTDOWN_SECONDS * 1000);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="auth__code-btn" disabled={left > 0 || busy} onClick={click} data-code-button>
      {left > 0 ? `${left}s` : sentOnce ? '重新获取' : '获取验证码'}
    </button>
  );
}
