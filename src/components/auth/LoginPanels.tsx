import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $loginPanel, type LoginPanel } from '../../stores/ui.ts';
import { placeholders } from '../../shared/schemas/auth.ts';
import { url } from '../../shared/routes.ts';
import { useLoginForm } from './use-login-form.ts';
import { PhoneField } from './PhoneField.tsx';
import { CodeButton } from './CodeButton.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { ScanPanel } from './ScanPanel.tsx';

interface Props {
  /** After a sign-in: the dialog reloads the page, the /login page returns to the remembered page. */
  onSignedIn: () => void;
  /** After registering: the dialog closes (the next opening shows the password panel). */
  onRegistered: () => void;
  onClose?: () => void;
}

const titles: Record<LoginPanel, string> = { 1: '快捷登录', 2: '账号登录', 3: '扫码登录', 4: '找回密码', 5: '注册账号' };

/** The five panels of spec section 2 "Login dialog", used by the dialog and the /login page. */
export default function LoginPanels({ onSignedIn, onRegistered, onClose }: Props) {
  const panel = useStore($loginPanel);
  const f = useLoginForm(onSignedIn);
  const { form, set } = f;
  const go = (p: LoginPanel) => {
    if (p === 4) f.clearForReset();
    $loginPanel.set(p);
  };
  // The control that switched panels (忘记密码, the QR icon, 返回…) is gone with its panel: the keyboard focus goes to
  // the new panel's first field (or its first control) instead of falling to the page.
  const root = useRef<HTMLDivElement>(null);
  const shown = useRef(panel);
  useEffect(() => {
    if (shown.current === panel) return;
    shown.current = panel;
    const box = root.current;
    if (!box || box.contains(document.activeElement)) return;
    // Its first field, not the first match in page order (the header's tabs and 关闭 come before the form).
    (box.querySelector<HTMLElement>('form input:not([type="hidden"])') ?? box.querySelector<HTMLElement>('button'))?.focus();
  }, [panel]);
  // The tabs as ARIA tabs: one stop for Tab, the arrow keys (and Home, End) move between them and select.
  const tabKeys = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const next = e.key === 'Home' ? 1 : e.key === 'End' ? 2 : panel === 1 ? 2 : 1;
    go(next);
    e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next - 1]?.focus();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (f.busy) return;
    if (panel === 1) void f.smsLogin();
    else if (panel === 2) void f.passwordLogin();
    else if (panel === 4) void f.reset(() => go(2));
    else if (panel === 5)
      void f.register(() => {
        $loginPanel.set(2);
        onRegistered();
      });
  };
  const phone = (id: string) => (
    <PhoneField
      id={id}
      phoneCode={form.phoneCode}
      phone={form.account}
      onPhoneCode={(c) => set({ phoneCode: c })}
      onPhone={(p) => set({ account: p })}
    />
  );
  const smsCode = (type: 'login' | 'register' | 'change_pwd') => (
    <div className="auth__row auth__sms">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        aria-label="短信验证码"
        placeholder={placeholders.code}
        value={form.captcha}
        onChange={(e) => set({ captcha: e.target.value.trim() })}
      />
      <CodeButton onSend={() => f.sendCode(type)} />
    </div>
  );
  const captcha = f.isShowCode && (
    <CaptchaField
      id={`captcha-${panel}`}
      value={form.codeVal}
      image={form.codeUrl}
      onChange={(v) => set({ codeVal: v })}
      onRefresh={f.refreshCaptcha}
    />
  );
  const agreement = (
    <label className="auth__agree">
      <input type="checkbox" checked={form.isAgree} onChange={(e) => set({ isAgree: e.target.checked })} />
      我已阅读并同意
      <a href={url('privacyAgreement', { type: 'sys_user_agree' })} target="_blank" rel="noopener">
        《用户协议》
      </a>
      与
      <a href={url('privacyAgreement', { type: 'sys_userr_privacy' })} target="_blank" rel="noopener">
        《隐私政策》
      </a>
    </label>
  );
  const password = (ph: string, key: 'password' | 'confirm_pwd', label: string) => (
    <input
      type="password"
      className="auth__input"
      autoComplete={panel === 2 ? 'current-password' : 'new-password'}
      maxLength={64}
      aria-label={label}
      placeholder={ph}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );

  return (
    <div className="auth" data-panel={panel} ref={root}>
      <div className="auth__head">
        {/* Back to the login forms, before the scan panel's title as a back arrow reads. */}
        {panel === 3 && (
          <button type="button" className="auth__icon auth__back" aria-label="返回" onClick={() => go(1)}>
            ‹
          </button>
        )}
        {panel === 1 || panel === 2 ? (
          <div role="tablist" aria-label="登录方式" className="auth__tabs" onKeyDown={tabKeys}>
            {([1, 2] as const).map((p) => (
              <button key={p} type="button" role="tab" aria-selected={panel === p} tabIndex={panel === p ? 0 : -1} onClick={() => go(p)}>
                {titles[p]}
              </button>
            ))}
          </div>
        ) : (
          <h2 className="auth__title" id="auth-title">
            {titles[panel]}
          </h2>
        )}
        {(panel === 1 || panel === 2) && (
          <button type="button" className="auth__icon auth__icon--qr" aria-label="扫码登录" onClick={() => go(3)}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h2v2h-2zm4 0h4v2h-4zm-4 4h2v4h-2zm4 0h2v2h2v2h-4z"
              />
            </svg>
          </button>
        )}
        {onClose && (
          <button type="button" className="auth__icon auth__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        )}
      </div>
      {panel === 3 ? (
        <ScanPanel onSignedIn={onSignedIn} />
      ) : (
        <form className="auth__form" onSubmit={submit} noValidate aria-label={titles[panel]}>
          {/* The spec's field order for each panel; the image captcha, once the server asks for one, last before the agreement. */}
          {phone(`phone-${panel}`)}
          {panel === 1 && smsCode('login')}
          {panel === 2 && password(placeholders.loginPassword, 'password', '密码')}
          {panel === 4 && (
            <>
              {password(placeholders.newPassword, 'password', '新密码')}
              {password(placeholders.confirmPassword, 'confirm_pwd', '确认新密码')}
              {smsCode('change_pwd')}
            </>
          )}
          {panel === 5 && (
            <>
              {smsCode('register')}
              {password(placeholders.password, 'password', '密码')}
            </>
          )}
          {captcha}
          {panel !== 4 && agreement}
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page (submit ignores a busy form). */}
          <button type="submit" className="btn btn--primary auth__submit" aria-disabled={f.busy || undefined}>
            {panel === 4 ? '确认' : panel === 5 ? '注册' : '登录'}
          </button>
          <div className="auth__links">
            {panel === 2 && (
              <button type="button" className="link-btn" onClick={() => go(4)}>
                忘记密码
              </button>
            )}
            {(panel === 1 || panel === 2) && (
              <button type="button" className="link-btn" onClick={() => go(5)}>
                立即注册
              </button>
            )}
            {(panel === 4 || panel === 5) && (
              <button type="button" className="link-btn" onClick={() => go(2)}>
                {panel === 5 ? '已有账号，去登录' : '返回登录'}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
