import { type FormEvent, useId, useState } from 'react';
import { ApiError, post } from '../../client/api.ts';
import { flashToast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { REFUND_TEXT, isContactPhone } from '../../shared/refund.ts';

export interface ReturnFormProps {
  refundOrderId: number;
  /** Courier names of `GET /api/common/express`. */
  couriers: string[];
  /** The phone given with the request, as a start. */
  phone: string;
}

/** `/refund_goods`: courier, tracking number and phone of the return parcel; then the request's detail. */
export default function ReturnForm(p: ReturnFormProps) {
  const [courier, setCourier] = useState('');
  const [number, setNumber] = useState('');
  const [phone, setPhone] = useState(p.phone);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!courier) return setError(REFUND_TEXT.express);
    if (!/^[A-Za-z0-9-]{4,40}$/.test(number.trim())) return setError(number.trim() ? '快递单号格式不正确' : '请填写快递单号');
    if (!isContactPhone(phone)) return setError(phone.trim() ? '请输入正确的联系电话' : '请填写联系电话');
    setError('');
    setSending(true);
    try {
      await post(`/api/refund/back_goods/${p.refundOrderId}`, {
        delivery_type: courier,
        delivery_id: number.trim(),
        delivery_phone: phone.trim(),
      });
      flashToast(REFUND_TEXT.shipped);
      location.assign(`/refund_detail?id=${p.refundOrderId}`);
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
      setError(err instanceof Error ? err.message : '提交失败，请稍后重试');
    }
  }

  return (
    <form className="refund-form" onSubmit={submit} noValidate data-return-form>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-courier`}>
          快递公司
        </label>
        <select id={`${ids}-courier`} name="delivery_type" value={courier} onChange={(e) => setCourier(e.target.value)} required>
          <option value="">请选择快递公司</option>
          {p.couriers.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-number`}>
          快递单号
        </label>
        <input
          id={`${ids}-number`}
          name="delivery_id"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="请填写快递单号"
        />
      </div>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-phone`}>
          联系电话
        </label>
        <input
          id={`${ids}-phone`}
          name="delivery_phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="请填写联系电话"
        />
      </div>
      {error && (
        <p className="refund-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="refund-form__actions">
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? '提交中…' : '提交'}
        </button>
      </div>
    </form>
  );
}
