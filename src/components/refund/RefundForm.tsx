import { type FormEvent, useId, useState } from 'react';
import { ApiError, post } from '../../client/api.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { PictureList } from '../ui/PictureList.tsx';
import { usePictureUploads } from '../ui/use-picture-uploads.ts';
import { parseYuan, toYuan } from '../../shared/money.ts';
import { charCount } from '../../shared/review.ts';
import { REFUND_MAX_MARK, REFUND_MAX_PICS, REFUND_TEXT } from '../../shared/refund.ts';

export interface RefundFormProps {
  orderId: number;
  ids: number[];
  /** 1 one item with a quantity, 2 several items whole. */
  type: 1 | 2;
  /** 1 refund only, 2 return and refund. */
  refundType: 1 | 2;
  /** Type 1: the most for 1..refund_num units (yuan), so the amount scales with the quantity. */
  maxByNum: string[];
  /** The most for every unit asked (yuan): goods plus postage while unshipped. */
  maxTotal: string;
  /** Said after the most: 含运费 while unshipped with postage, 已发货订单不退运费 once shipped, else ''. */
  postageNote: string;
  reasons: readonly string[];
}

/** `/refund_confirm`: quantity (type 1), amount capped at the most, reason, note with its counter, up to six pictures, phone, submit. */
export default function RefundForm(p: RefundFormProps) {
  const [num, setNum] = useState(p.type === 1 ? p.maxByNum.length : 0);
  const maxFor = (n: number) => (p.type === 1 ? (p.maxByNum[n - 1] ?? p.maxTotal) : p.maxTotal);
  const [amount, setAmount] = useState(maxFor(num));
  const [reason, setReason] = useState('');
  const [mark, setMark] = useState('');
  const [phone, setPhone] = useState('');
  const { pics, choose, drop, uploading } = usePictureUploads(REFUND_MAX_PICS);
  const [error, setError] = useState('');
  /** The field the last refusal of the form was about (`amount`, `reason`, `mark`, `phone`): marked and focused. */
  const [bad, setBad] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const ids = useId();
  const max = maxFor(num);
  const markCount = charCount(mark.trim());

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = parseYuan(amount);
    const refuse = (message: string, field = '') => {
      setError(message);
      setBad(field);
      if (field) document.getElementById(`${ids}-${field}`)?.focus();
    };
    if (cents === null) return refuse('请输入正确的退款金额', 'amount');
    // ¥0 only for items paid nothing (coupons and points covered them): their points still come back.
    if (cents < 1 && (parseYuan(max) ?? 0) > 0) return refuse(REFUND_TEXT.tooLittle, 'amount');
    if (cents > (parseYuan(max) ?? 0)) return refuse(`${REFUND_TEXT.tooMuch}（最多¥${max}）`, 'amount');
    if (!reason) return refuse('请选择退款原因', 'reason');
    if (markCount > REFUND_MAX_MARK) return refuse(`备注不能超过${REFUND_MAX_MARK}个字`, 'mark');
    if (phone.trim() && !/^\+?\d{4,15}$/.test(phone.trim())) return refuse('请输入正确的联系电话', 'phone');
    if (uploading) return refuse('图片还在上传，请稍候');
    setError('');
    setBad('');
    setSending(true);
    try {
      const r = await post<{ refund_order_id: number }>(`/api/refund/apply/${p.orderId}`, {
        type: p.type,
        refund_type: p.refundType,
        num: p.type === 1 ? num : undefined,
        ids: p.ids.join(','),
        refund_message: reason,
        mark: mark.trim(),
        refund_price: toYuan(cents),
        pics: pics.map((x) => x.path),
        phone: phone.trim(),
      });
      setDone(r.refund_order_id);
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
      setError(err instanceof Error ? err.message : '提交失败，请稍后重试');
    }
  }

  if (done !== null) {
    return (
      <div className="refund-success" role="status" data-refund-success>
        <p className="refund-success__title">{REFUND_TEXT.applied}</p>
        <p>商家将尽快审核您的申请，审核结果请在售后记录中查看。</p>
        <p className="refund-success__links">
          <a className="btn btn--primary" href="/user/refund_list">
            查看售后记录
          </a>
          <a className="btn" href={`/refund_detail?id=${done}`}>
            查看本次申请
          </a>
        </p>
      </div>
    );
  }

  return (
    <form className="refund-form" onSubmit={submit} noValidate data-refund-form>
      {p.type === 1 && (
        <div className="refund-form__field">
          <label className="refund-form__label" htmlFor={`${ids}-num`}>
            退款数量
          </label>
          <select
            id={`${ids}-num`}
            name="num"
            value={num}
            onChange={(e) => {
              const n = Number(e.target.value);
              setNum(n);
              setAmount(maxFor(n));
            }}
          >
            {p.maxByNum
              .map((_, k) => k + 1)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </div>
      )}
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-amount`}>
          退款金额
        </label>
        <div>
          <span className="refund-form__yuan">
            ¥
            <input
              id={`${ids}-amount`}
              aria-invalid={bad === 'amount' || undefined}
              name="refund_price"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby={`${ids}-max`}
            />
          </span>
          <p className="refund-form__hint" id={`${ids}-max`} data-refund-max>
            最多可退 ¥{max}
            {p.postageNote && `（${p.postageNote}）`}
          </p>
        </div>
      </div>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-reason`}>
          退款原因
        </label>
        <select
          id={`${ids}-reason`}
          aria-invalid={bad === 'reason' || undefined}
          name="refund_message"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        >
          <option value="">请选择退款原因</option>
          {p.reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-mark`}>
          备注说明
        </label>
        <div className="refund-form__mark">
          <textarea
            id={`${ids}-mark`}
            aria-invalid={bad === 'mark' || undefined}
            name="mark"
            rows={4}
            value={mark}
            onChange={(e) => setMark(e.target.value)}
            placeholder="请描述您遇到的问题（选填）"
            aria-describedby={`${ids}-count`}
          />
          <span
            id={`${ids}-count`}
            className={markCount > REFUND_MAX_MARK ? 'refund-form__count refund-form__count--over' : 'refund-form__count'}
          >
            {markCount}/{REFUND_MAX_MARK}
          </span>
        </div>
      </div>
      <div className="refund-form__field">
        <span className="refund-form__label" id={`${ids}-pics`}>
          上传凭证
        </span>
        <div>
          <PictureList
            pics={pics}
            max={REFUND_MAX_PICS}
            onDrop={drop}
            onChoose={choose}
            alt={(n, name) => `第${n}张凭证 ${name}`}
            labelledBy={`${ids}-pics`}
            size={88}
          />
          <p className="refund-form__hint">
            {pics.length}/{REFUND_MAX_PICS} 张，每张不超过 5MB
          </p>
        </div>
      </div>
      <div className="refund-form__field">
        <label className="refund-form__label" htmlFor={`${ids}-phone`}>
          联系电话
        </label>
        <input
          id={`${ids}-phone`}
          aria-invalid={bad === 'phone' || undefined}
          name="phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="方便商家联系您（选填）"
        />
      </div>
      {error && (
        <p className="refund-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="refund-form__actions">
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? '提交中…' : uploading ? '图片上传中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
