import { useEffect, useId, useState } from 'react';
import { invoiceApi } from '../../client/invoice.ts';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { INVOICE_MAX, INVOICE_TEXT, type InvoiceTitleDto } from '../../shared/invoice.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { firstError } from '../../shared/schemas/auth.ts';
import { receiptInput } from '../../shared/schemas/invoice.ts';

interface Props {
  /** The title to edit; none for a new one. */
  initial?: InvoiceTitleDto | null;
  /**
   * Asks for this paid order's invoice (`POST /api/order/receipt/{id}`) instead of saving a title: the form starts
   * from the shopper's default saved title and offers the others.
   */
  orderId?: number;
  /** A title was saved: it and the server's message. */
  onSaved?: (title: InvoiceTitleDto, message: string) => void;
  /** The order's invoice was asked for: the server's message. */
  onRequested?: (message: string) => void;
  onCancel: () => void;
}

type Draft = Omit<InvoiceTitleDto, 'user_receipt_id' | 'create_time'>;

const EMPTY: Draft = {
  receipt_type: 1,
  receipt_title_type: 1,
  receipt_title: '',
  duty_paragraph: '',
  email: '',
  bank_name: '',
  bank_code: '',
  address: '',
  tel: '',
  is_default: 0,
};

/**
 * A saved invoice title, or the invoice asked for an order: kind (普通电子发票 / 增值税专用发票), personal or company,
 * and the fields that kind needs. Checked with the same schema as the server before it is sent; the server's refusal
 * is shown as it says it.
 */
export function InvoiceTitleForm({ initial, orderId, onSaved, onRequested, onCancel }: Props) {
  const [d, setD] = useState<Draft>(initial ? { ...EMPTY, ...initial } : EMPTY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [titles, setTitles] = useState<InvoiceTitleDto[]>([]);
  const id = useId();
  const forOrder = orderId !== undefined;
  useEffect(() => {
    if (!forOrder) return;
    invoiceApi.titles().then(
      (list) => {
        setTitles(list);
        const first = list.find((t) => t.is_default) ?? list[0];
        if (first) setD((now) => (now.receipt_title ? now : { ...EMPTY, ...first }));
      },
      () => {},
    );
  }, [forOrder]);
  const set = (patch: Partial<Draft>) => {
    setD({ ...d, ...patch });
    setError('');
  };
  const vat = d.receipt_type === 2;
  const company = d.receipt_title_type === 2;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = firstError(receiptInput.safeParse(d));
    if (problem) return setError(problem);
    setBusy(true);
    try {
      if (forOrder) onRequested?.((await invoiceApi.request(orderId, d)).message);
      else {
        const { data, message } = await invoiceApi.save(d, initial?.user_receipt_id);
        onSaved?.(data, message);
      }
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) {
        if (err.message !== LOGIN_REQUIRED) setError(err.message);
      } else toast('网络连接失败，请稍后重试');
    }
  }

  const text = (key: keyof Draft, label: string, max: number, opts: { placeholder?: string; type?: string } = {}) => (
    <div className="invoice-form__row">
      <label className="invoice-form__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        className="invoice-form__input"
        type={opts.type ?? 'text'}
        maxLength={max}
        placeholder={opts.placeholder}
        value={String(d[key] ?? '')}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
      />
    </div>
  );

  return (
    <form
      className="invoice-form"
      onSubmit={submit}
      noValidate
      aria-label={forOrder ? '申请发票' : initial ? '编辑发票抬头' : '新增发票抬头'}
    >
      {titles.length > 0 && (
        <div className="invoice-form__row">
          <label className="invoice-form__label" htmlFor={`${id}-saved`}>
            常用抬头
          </label>
          <select
            id={`${id}-saved`}
            className="invoice-form__input"
            defaultValue=""
            onChange={(e) => {
              const t = titles.find((x) => x.user_receipt_id === Number(e.currentTarget.value));
              if (t) set({ ...EMPTY, ...t });
            }}
          >
            <option value="">选择已保存的抬头</option>
            {titles.map((t) => (
              <option key={t.user_receipt_id} value={t.user_receipt_id}>
                {t.receipt_title}（{t.receipt_type === 2 ? INVOICE_TEXT.vat : INVOICE_TEXT.normal}）
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="invoice-form__row">
        <span className="invoice-form__label">发票类型</span>
        <span className="invoice-form__choices">
          <label>
            <input type="radio" name="receipt_type" checked={!vat} onChange={() => set({ receipt_type: 1 })} /> {INVOICE_TEXT.normal}
          </label>
          <label>
            <input type="radio" name="receipt_type" checked={vat} onChange={() => set({ receipt_type: 2, receipt_title_type: 2 })} />{' '}
            {INVOICE_TEXT.vat}
          </label>
        </span>
      </div>
      <div className="invoice-form__row">
        <span className="invoice-form__label">抬头类型</span>
        <span className="invoice-form__choices">
          <label>
            <input
              type="radio"
              name="receipt_title_type"
              checked={!company}
              disabled={vat}
              onChange={() => set({ receipt_title_type: 1 })}
            />{' '}
            {INVOICE_TEXT.personal}
          </label>
          <label>
            <input type="radio" name="receipt_title_type" checked={company} onChange={() => set({ receipt_title_type: 2 })} />{' '}
            {INVOICE_TEXT.company}
          </label>
        </span>
      </div>
      {text('receipt_title', company ? '单位名称' : '发票抬头', INVOICE_MAX.receipt_title, {
        placeholder: company ? '请填写单位名称' : '请填写个人姓名',
      })}
      {company && text('duty_paragraph', '纳税人识别号', INVOICE_MAX.duty_paragraph, { placeholder: '统一社会信用代码或纳税人识别号' })}
      {!vat && text('email', '收票邮箱', INVOICE_MAX.email, { placeholder: '选填，用于接收电子发票', type: 'email' })}
      {vat && (
        <>
          {text('bank_name', '开户银行', INVOICE_MAX.bank_name)}
          {text('bank_code', '银行账号', INVOICE_MAX.bank_code)}
          {text('address', '注册地址', INVOICE_MAX.address)}
          {text('tel', '注册电话', INVOICE_MAX.tel)}
        </>
      )}
      {!forOrder && (
        <div className="invoice-form__row">
          <span className="invoice-form__label" />
          <label>
            <input type="checkbox" checked={d.is_default === 1} onChange={(e) => set({ is_default: e.currentTarget.checked ? 1 : 0 })} />{' '}
            设为默认抬头
          </label>
        </div>
      )}
      {error && (
        <p className="invoice-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="invoice-form__actions">
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {forOrder ? (busy ? '提交中…' : '提交申请') : busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
