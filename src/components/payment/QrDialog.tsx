import { useEffect, useRef, useState } from 'react';
import type { QrPayDto } from '../../shared/payment.ts';
import { ApiError } from '../../client/api.ts';
import { failedUrl, payStatus, successUrl, type PayTarget } from '../../client/payment.ts';

export type QrMethod = 'weixinQr' | 'alipayQr';

/** Reference section 4b: the page polls the payment state every 2 s while the code is shown. */
export const PAY_POLL_MS = 2000;

const APP: Record<QrMethod, string> = { weixinQr: '微信', alipayQr: '支付宝' };
const TITLE: Record<QrMethod, string> = { weixinQr: '微信支付', alipayQr: '支付宝支付' };

interface Props {
  target: PayTarget;
  method: QrMethod;
  /** The code to show; null while it is being asked for. */
  code: QrPayDto | null;
  /** Why asking for a code failed. */
  error: string;
  amount: string;
  charged: string;
  onRefresh: () => void;
  onClose: () => void;
}

/**
 * The QR code of a WeChat or Alipay payment in a native modal dialog (focus kept inside, Escape closes). While it is
 * open the payment state is polled: paid goes to /payment_success, a declined or failed payment to /payment_failed,
 * a cancelled order reloads the page. After `expire_seconds` the code is greyed as expired and a click asks for a new
 * one. Closing the dialog stops everything. `data-qr-url` carries what the code encodes.
 */
export function QrDialog({ target, method, code, error, amount, charged, onRefresh, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [expired, setExpired] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
    };
  }, []);

  useEffect(() => {
    if (!code) return;
    setExpired(false);
    setNotice('');
    let alive = true;
    let inFlight = false;
    const controller = new AbortController();
    const expiry = setTimeout(() => alive && setExpired(true), code.expire_seconds * 1000);
    const poll = setInterval(async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const s = await payStatus(target, controller.signal);
        if (!alive) return;
        if (s.status === 'paid') {
          stop();
          location.assign(successUrl(target));
        } else if (s.status === 'failed') {
          stop();
          location.assign(failedUrl(target, s.reason));
        } else if (s.status === 'cancelled') {
          stop();
          location.reload();
        } else if (s.status === 'expired') {
          setExpired(true);
        }
      } catch (err) {
        // A dropped connection is retried on the next tick; a refusal (the order is gone) stops.
        if (alive && err instanceof ApiError && err.status !== 500) {
          stop();
          setNotice(err.message);
        }
      } finally {
        inFlight = false;
      }
    }, PAY_POLL_MS);
    function stop() {
      clearInterval(poll);
      clearTimeout(expiry);
    }
    return () => {
      alive = false;
      stop();
      controller.abort();
    };
  }, [code, target]);

  const problem = error || notice;
  return (
    <dialog
      ref={ref}
      className="qr-dialog"
      aria-label={TITLE[method]}
      data-qr-url={code?.config}
      data-qr-state={problem ? 'error' : !code ? 'loading' : expired ? 'expired' : 'waiting'}
      onClose={onClose}
    >
      <header className="qr-dialog__head">
        <h2>{TITLE[method]}</h2>
        <button type="button" className="qr-dialog__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="qr-dialog__amount">
        支付金额 <strong>{amount}</strong>
        {charged && <small>（实付 {charged}）</small>}
      </p>
      <div className="qr-dialog__code" data-expired={expired ? '' : undefined}>
        {code && <img src={code.qrcode} alt={`${TITLE[method]}二维码`} width="240" height="240" />}
        {!code && !problem && <p className="qr-dialog__wait">正在生成二维码…</p>}
        {problem && (
          <p className="qr-dialog__problem" role="alert">
            {problem}
          </p>
        )}
        {code && expired && !problem && (
          <button type="button" className="qr-dialog__refresh" onClick={onRefresh}>
            二维码已过期，点击刷新
          </button>
        )}
      </div>
      <p className="qr-dialog__tip">请使用{APP[method]}扫码支付</p>
      <p className="qr-dialog__hint">{expired ? '二维码已过期，请刷新后重新扫码' : '支付完成后，页面将自动跳转'}</p>
    </dialog>
  );
}
