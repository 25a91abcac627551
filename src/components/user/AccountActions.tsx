import { useState } from 'react';
import { authApi } from '../../client/auth.ts';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { firstError, placeholders, resetForm, sendCodeForm, authText } from '../../shared/schemas/auth.ts';
import { PhoneField } from '../auth/PhoneField.tsx';
import { CodeButton } from '../auth/CodeButton.tsx';

interface Props {
  /** The shopper's own number: codes for a password change go to it. */
  phone: string;
  phoneCode: string;
}

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : '请求失败，请稍后重试');

async function sendTo(phone: string, phone_code: string, type: 'change_phone' | 'change_pwd'): Promise<boolean> {
  const error = firstError(sendCodeForm.safeParse({ phone, phone_code }));
  if (error) return (toast(error), false);
  try {
    toast((await authApi.sendCode({ phone, phone_code, type })).message);
    return true;
  } catch (e) {
    toast(messageOf(e));
    return false;
  }
}

/** Change phone (code to the new number) and change password (code to the current number). */
export default function AccountActions({ phone, phoneCode }: Props) {
  const [open, setOpen] = useState<'phone' | 'pwd' | null>(null);
  const [np, setNp] = useState({ phone_code: '86', phone: '', sms_code: '' });
  const [pw, setPw] = useState({ pwd: '', confirm_pwd: '', sms_code: '' });

  async function changePhone(e: React.FormEvent) {
    e.preventDefault();
    const error = firstError(sendCodeForm.safeParse(np)) ?? (np.sms_code ? null : authText.code);
    if (error) return toast(error);
    try {
      toast((await authApi.changePhone(np)).message);
      location.reload();
    } catch (err) {
      toast(messageOf(err));
    }
  }

  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    const body = { phone, phone_code: phoneCode, ...pw };
    const error = firstError(resetForm.safeParse(body));
    if (error) return toast(error);
    try {
      toast((await authApi.changePassword(body)).message);
      setPw({ pwd: '', confirm_pwd: '', sms_code: '' });
      setOpen(null);
    } catch (err) {
      toast(messageOf(err));
    }
  }

  return (
    <div className="account__actions">
      <div className="account__buttons">
        <button type="button" className="btn" aria-expanded={open === 'phone'} onClick={() => setOpen(open === 'phone' ? null : 'phone')}>
          修改手机号
        </button>
        <button type="button" className="btn" aria-expanded={open === 'pwd'} onClick={() => setOpen(open === 'pwd' ? null : 'pwd')}>
          修改密码
        </button>
      </div>
      {open === 'phone' && (
        <form className="auth__form account__form" onSubmit={changePhone} aria-label="修改手机号" noValidate>
          <PhoneField
            id="new-phone"
            phoneCode={np.phone_code}
            phone={np.phone}
            onPhoneCode={(c) => setNp({ ...np, phone_code: c })}
            onPhone={(p) => setNp({ ...np, phone: p })}
          />
          <div className="auth__row">
            <input
              type="text"
              inputMode="numeric"
              maxLength={8}
              aria-label="短信验证码"
              placeholder={placeholders.code}
              value={np.sms_code}
              onChange={(e) => setNp({ ...np, sms_code: e.target.value.trim() })}
            />
            <CodeButton onSend={() => sendTo(np.phone, np.phone_code, 'change_phone')} />
          </div>
          <button type="submit" className="btn btn--primary">
            确认修改
          </button>
        </form>
      )}
      {open === 'pwd' && (
        <form className="auth__form account__form" onSubmit={changePassword} aria-label="修改密码" noValidate>
          <input
            type="password"
            className="auth__input"
            autoComplete="new-password"
            aria-label="新密码"
            placeholder={placeholders.newPassword}
            value={pw.pwd}
            onChange={(e) => setPw({ ...pw, pwd: e.target.value })}
          />
          <input
            type="password"
            className="auth__input"
            autoComplete="new-password"
            aria-label="确认新密码"
            placeholder={placeholders.confirmPassword}
            value={pw.confirm_pwd}
            onChange={(e) => setPw({ ...pw, confirm_pwd: e.target.value })}
          />
          <div className="auth__row">
            <input
              type="text"
              inputMode="numeric"
              maxLength={8}
              aria-label="短信验证码"
              placeholder={placeholders.code}
              value={pw.sms_code}
              onChange={(e) => setPw({ ...pw, sms_code: e.target.value.trim() })}
            />
            <CodeButton onSend={() => sendTo(phone, phoneCode, 'change_pwd')} />
          </div>
          <button type="submit" className="btn btn--primary">
            确认修改
          </button>
        </form>
      )}
    </div>
  );
}
