import { useState } from 'react';
import type { PayMethod } from '../../shared/schemas/payment.ts';
import type { QrPayDto } from '../../shared/payment.ts';
import { ApiError } from '../../client/api.ts';
import { payOrder, successUrl, type PayTarget } from '../../client/payment.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { QrDialog, type QrMethod } from './QrDialog.tsx';

export interface PayBoxProps extends PayTarget {
  /** The amount due in the shopper's currency, and the CNY charged when that differs ('' when it is CNY). */
  amount: string;
  charged: string;
  /** The shopper's balance as shown ("¥500.00"); null when balance payment is switched off. */
  balance: string | null;
  balanceShort: boolean;
  weixinQr: boolean;
  alipayQr: boolean;
}

const NAMES: Record<PayMethod, string> = { balance: '余额支付', weixinQr: '微信支付', alipayQr: '支付宝' };
const BADGES: Record<PayMethod, string> = { balance: '余', weixinQr: '微', alipayQr: '支' };

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : '网络连接失败，请稍后重试');

/**
 * `/payment`: the pay method tiles and 立即支付. Balance pays at once and goes to /payment_success; a QR method asks
 * the server for a code and shows it in a dialog that waits for the payment (QrDialog). A refusal shows the
 * server's message (余额不足, 订单已取消 ...).
 */
export default function PayBox(p: PayBoxProps) {
  const offered: PayMethod[] = [
    ...(p.balance !== null ? (['balance'] as const) : []),
    ...(p.weixinQr ? (['weixinQr'] as const) : []),
    ...(p.alipayQr ? (['alipayQr'] as const) : []),
  ];
  const usable = (m: PayMethod) => m !== 'balance' || !p.balanceShort;
  const [method, setMethod] = useState<PayMethod | null>(offered.find(usable) ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [qr, setQr] = useState<{ method: QrMethod; code: QrPayDto | null } | null>(null);

  async function pay(m: PayMethod) {
    setBusy(true);
    setError('');
    try {
      const res = await payOrder(p, m);
      if (res.status === 'success') {
        location.assign(successUrl(p));
        return;
      }
      setQr({ method: res.status, code: res.result });
    } catch (err) {
      if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED)) setError(messageOf(err));
    }
    setBusy(false);
  }

  function start() {
    if (!method || busy) return;
    if (method !== 'balance') setQr({ method, code: null });
    void pay(method);
  }

  if (!offered.length) return <p className="paybox__error">暂无可用的支付方式，请联系客服</p>;
  return (
    <div className="paybox">
      <fieldset className="paybox__methods">
        <legend className="paybox__legend">选择支付方式</legend>
        {offered.map((m) => (
          <label key={m} className="paybox__tile" data-method={m}>
            <input
              type="radio"
              name="pay-method"
              value={m}
              checked={method === m}
              disabled={!usable(m)}
              onChange={() => {
                setMethod(m);
                setError('');
              }}
            />
            <span className={`paybox__badge paybox__badge--${m}`} aria-hidden="true">
              {BADGES[m]}
            </span>
            <span className="paybox__tile-text">
              <span className="paybox__tile-name">{NAMES[m]}</span>
              {m === 'balance' && (
                <span className="paybox__tile-note">
                  可用余额 {p.balance}
                  {p.balanceShort && <em className="paybox__short">余额不足</em>}
                </span>
              )}
              {m !== 'balance' && <span className="paybox__tile-note">{m === 'weixinQr' ? '微信扫码支付' : '支付宝扫码支付'}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="paybox__foot">
        <p className="paybox__due">
          应付金额 <strong>{p.amount}</strong>
          {p.charged && <small>（实付 {p.charged}）</small>}
        </p>
        <button type="button" className="btn btn--primary paybox__submit" disabled={!method || busy} onClick={start}>
          {busy && method === 'balance' ? '支付中…' : '立即支付'}
        </button>
      </div>
      {error && !qr && (
        <p className="paybox__error" role="alert">
          {error}
        </p>
      )}
      {qr && (
        <QrDialog
          target={p}
          method={qr.method}
          code={qr.code}
          error={error}
          amount={p.amount}
          charged={p.charged}
          onRefresh={() => {
            setQr({ method: qr.method, code: null });
            void pay(qr.method);
          }}
          onClose={() => {
            setQr(null);
            setError('');
          }}
        />
      )}
    </div>
  );
}
