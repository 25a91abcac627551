import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, get, post } from '../../client/api.ts';
import { authApi } from '../../client/auth.ts';
import { flashToast, toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { firstError, mainlandPhone } from '../../shared/schemas/auth.ts';
import { INTENTION_MAX_IMAGES, INTENTION_TEXT, intentionInput, type IntentionDto } from '../../shared/intention.ts';
import { type Pic, usePictureUploads } from '../ui/use-picture-uploads.ts';
import { PictureList } from '../ui/PictureList.tsx';
import { CodeButton } from '../auth/CodeButton.tsx';
import { CaptchaField } from '../auth/CaptchaField.tsx';

export interface IntentionFormProps {
  categories: { merchant_category_id: number; category_name: string }[];
  types: { mer_type_id: number; type_name: string }[];
  /** The settle-in agreement (operator HTML, `sys_intention_agree`). */
  agreement: string;
  /** The application being edited (pending) or resubmitted (rejected). */
  editing: IntentionDto | null;
}

interface Fields {
  mer_name: string;
  name: string;
  phone: string;
  code: string;
  merchant_category_id: string;
  mer_type_id: string;
  agree: boolean;
}

const TEXT_FIELDS = ['mer_name', 'name', 'phone', 'code', 'merchant_category_id', 'mer_type_id'] as const;

/**
 * `/merchant_settled`: the merchant application. Server-rendered, hydrated on the first interaction; what was typed
 * before that is kept. The SMS code (type `intention`) may demand the image captcha; licence pictures upload as
 * chosen (at most 10, 5 MB each); an edit keeps the pictures already on the application and needs a code only
 * for a new phone. After submitting, the shopper lands on the settle-in records.
 */
export default function IntentionForm(p: IntentionFormProps) {
  const e = p.editing;
  const [f, setF] = useState<Fields>({
    mer_name: e?.mer_name ?? '',
    name: e?.name ?? '',
    phone: e?.phone ?? '',
    code: '',
    merchant_category_id: e ? String(e.merchant_category_id) : '',
    mer_type_id: e ? String(e.mer_type_id) : '',
    agree: false,
  });
  const [kept, setKept] = useState<string[]>(e?.images ?? []);
  const { pics, choose, drop, uploading } = usePictureUploads(INTENTION_MAX_IMAGES - kept.length);
  const [captcha, setCaptcha] = useState<{ shown: boolean; key: string; image: string; value: string }>({
    shown: false,
    key: '',
    image: '',
    value: '',
  });
  const [typeHelp, setTypeHelp] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [ready, setReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const helpDialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  /** A new application, or an edit to another phone: the code is needed then. */
  const needsCode = (x: Fields) => !e || x.phone.trim() !== e.phone;
  const phoneChanged = needsCode(f);
  const bodyOf = (x: Fields) => ({
    phone: x.phone,
    mer_name: x.mer_name,
    name: x.name,
    code: x.code,
    merchant_category_id: x.merchant_category_id,
    mer_type_id: x.mer_type_id,
    images: [...kept, ...pics.map((p) => p.path ?? '')],
  });
  /** What submitting would refuse first (the server checks again), null when nothing. */
  const problemOf = (x: Fields) =>
    firstError(intentionInput.safeParse(bodyOf(x))) ??
    (needsCode(x) && !x.code.trim() ? INTENTION_TEXT.code : null) ??
    (x.agree ? null : INTENTION_TEXT.agree);
  // Once a message shows, each change checks again: a fixed field's message goes, the next problem shows.
  const set = (patch: Partial<Fields>) => {
    setF((x) => ({ ...x, ...patch }));
    if (error) setError(problemOf({ ...f, ...patch }) ?? '');
  };

  // What the shopper typed or chose in the server-rendered form before the island hydrated is theirs: keep it.
  useEffect(() => {
    const el = form.current;
    if (el) {
      const typed: Partial<Fields> = {};
      for (const k of TEXT_FIELDS) {
        const input = el.elements.namedItem(k) as HTMLInputElement | HTMLSelectElement | null;
        if (input && input.value !== '') typed[k] = input.value;
      }
      const agree = el.elements.namedItem('agree') as HTMLInputElement | null;
      if (agree?.checked) typed.agree = true;
      setF((x) => ({ ...x, ...typed }));
    }
    setReady(true);
  }, []);

  async function refreshCaptcha() {
    try {
      const c = await authApi.captcha();
      setCaptcha((x) => ({ ...x, shown: true, key: c.key, image: c.captcha, value: '' }));
    } catch (err) {
      toast(err instanceof Error ? err.message : '请求失败，请稍后重试');
    }
  }

  async function sendCode(): Promise<boolean> {
    const bad = firstError(mainlandPhone.safeParse(f.phone));
    if (bad) return (toast(bad), false);
    try {
      const answer = captcha.shown ? { key: captcha.key, code: captcha.value } : {};
      const { message } = await authApi.sendCode({ phone: f.phone.trim(), phone_code: '86', type: 'intention', ...answer });
      toast(message);
      return true;
    } catch (err) {
      if (!(err instanceof ApiError) || err.message !== LOGIN_REQUIRED) toast(err instanceof Error ? err.message : '发送失败，请稍后重试');
      if ((err instanceof ApiError && err.data?.need_captcha === true) || captcha.shown) void refreshCaptcha();
      return false;
    }
  }

  async function showTypeHelp() {
    helpDialog.current?.showModal();
    if (typeHelp !== null) return;
    try {
      const data = await get<{ sys_merchant_type: string }>('/api/agreement/sys_merchant_type');
      setTypeHelp(data.sys_merchant_type);
    } catch {
      setTypeHelp('<p>店铺类型说明暂时无法加载，请稍后再试。</p>');
    }
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const body = bodyOf(f);
    if (uploading) return setError('图片上传中，请稍候');
    const bad = problemOf(f);
    if (bad) return setError(bad);
    setError('');
    setSending(true);
    try {
      const done = await post<IntentionDto>(e ? `/api/intention/update/${e.mer_intention_id}` : '/api/intention/create', body);
      flashToast(e ? INTENTION_TEXT.updated : INTENTION_TEXT.created);
      location.assign(`/user/settle_record#intention-${done.mer_intention_id}`);
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.message === LOGIN_REQUIRED) return;
      setError(err instanceof Error ? err.message : '提交失败，请稍后重试');
    }
  }

  const pictureCount = kept.length + pics.length;
  // The pictures of the application being edited (already stored, negative keys) before the ones chosen now.
  const shown: Pic[] = [...kept.map((src, i) => ({ key: -(i + 1), preview: src, name: '', path: src })), ...pics];
  return (
    <form ref={form} className="intention-form" onSubmit={submit} noValidate data-intention-form data-ready={ready || undefined}>
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-mer`}>
          <em aria-hidden="true">*</em>商户名称
        </label>
        <input
          id={`${ids}-mer`}
          name="mer_name"
          value={f.mer_name}
          maxLength={40}
          onChange={(x) => set({ mer_name: x.target.value })}
          placeholder="请输入商户名称（2-40个字）"
          autoComplete="organization"
        />
      </div>
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-name`}>
          <em aria-hidden="true">*</em>联系人
        </label>
        <input
          id={`${ids}-name`}
          name="name"
          value={f.name}
          maxLength={20}
          onChange={(x) => set({ name: x.target.value })}
          placeholder="请输入联系人姓名"
          autoComplete="name"
        />
      </div>
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-phone`}>
          <em aria-hidden="true">*</em>联系电话
        </label>
        <input
          id={`${ids}-phone`}
          name="phone"
          type="tel"
          inputMode="numeric"
          value={f.phone}
          maxLength={11}
          onChange={(x) => set({ phone: x.target.value.trim() })}
          placeholder="请输入手机号"
          autoComplete="tel-national"
        />
      </div>
      {captcha.shown && (
        <div className="intention-form__field">
          <span className="intention-form__label">图形验证码</span>
          <CaptchaField
            id={`${ids}-captcha`}
            value={captcha.value}
            image={captcha.image}
            onChange={(v) => setCaptcha((x) => ({ ...x, value: v }))}
            onRefresh={refreshCaptcha}
          />
        </div>
      )}
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-code`}>
          {phoneChanged && <em aria-hidden="true">*</em>}验证码
        </label>
        <div className="intention-form__code">
          <input
            id={`${ids}-code`}
            name="code"
            inputMode="numeric"
            value={f.code}
            maxLength={6}
            onChange={(x) => set({ code: x.target.value.trim() })}
            placeholder={phoneChanged ? '请输入验证码' : '手机号未修改时无需验证码'}
            autoComplete="one-time-code"
          />
          <CodeButton onSend={sendCode} />
        </div>
      </div>
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-cate`}>
          <em aria-hidden="true">*</em>商户分类
        </label>
        <select
          id={`${ids}-cate`}
          name="merchant_category_id"
          value={f.merchant_category_id}
          onChange={(x) => set({ merchant_category_id: x.target.value })}
        >
          <option value="">请选择商户分类</option>
          {p.categories.map((c) => (
            <option key={c.merchant_category_id} value={c.merchant_category_id}>
              {c.category_name}
            </option>
          ))}
        </select>
      </div>
      <div className="intention-form__field">
        <label className="intention-form__label" htmlFor={`${ids}-type`}>
          <em aria-hidden="true">*</em>店铺类型
        </label>
        <div className="intention-form__type">
          <select id={`${ids}-type`} name="mer_type_id" value={f.mer_type_id} onChange={(x) => set({ mer_type_id: x.target.value })}>
            <option value="">请选择店铺类型</option>
            {p.types.map((t) => (
              <option key={t.mer_type_id} value={t.mer_type_id}>
                {t.type_name}
              </option>
            ))}
          </select>
          <button type="button" className="intention-form__help" onClick={showTypeHelp} aria-label="店铺类型说明" data-type-help>
            ?
          </button>
        </div>
      </div>
      <div className="intention-form__field">
        <span className="intention-form__label" id={`${ids}-pics`}>
          <em aria-hidden="true">*</em>资质图片
        </span>
        <div>
          <PictureList
            pics={shown}
            max={INTENTION_MAX_IMAGES}
            onDrop={(key) => (key < 0 ? setKept((k) => k.filter((_, j) => j !== -key - 1)) : drop(key))}
            onChoose={choose}
            alt={(n) => `资质图片${n}`}
            labelledBy={`${ids}-pics`}
            size={96}
          />
          <p className="intention-form__hint">
            请上传营业执照、品牌授权书等资质图片，{pictureCount}/{INTENTION_MAX_IMAGES} 张，每张不超过 5MB
          </p>
        </div>
      </div>
      <div className="intention-form__field intention-form__field--agree">
        <span className="intention-form__label" />
        <div>
          {p.agreement && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the operator's own agreement text (system_config).
            <section className="intention-agreement" aria-label="商户入驻协议" dangerouslySetInnerHTML={{ __html: p.agreement }} />
          )}
          <label className="intention-form__agree">
            <input type="checkbox" name="agree" checked={f.agree} onChange={(x) => set({ agree: x.target.checked })} />
            我已阅读并同意《商户入驻协议》
          </label>
        </div>
      </div>
      {error && (
        <p className="intention-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="intention-form__actions">
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? '提交中…' : e ? '重新提交' : '提交申请'}
        </button>
        <a className="btn" href="/user/settle_record">
          入驻记录
        </a>
      </div>
      <dialog ref={helpDialog} className="intention-help" aria-label="店铺类型说明">
        <div className="intention-help__head">
          <strong>店铺类型说明</strong>
          <button type="button" className="intention-help__close" onClick={() => helpDialog.current?.close()} aria-label="关闭">
            ×
          </button>
        </div>
        {typeHelp === null ? (
          <p>加载中…</p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the mall's own Markdown agreement, rendered by the server.
          <div className="intention-help__body" dangerouslySetInnerHTML={{ __html: typeHelp }} />
        )}
      </dialog>
    </form>
  );
}
