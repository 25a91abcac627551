import { useState } from 'react';
import { ApiError } from '../../client/api.ts';
import { authApi } from '../../client/auth.ts';
import { toast } from '../../client/toast.ts';
import {
  authText,
  firstError,
  passwordLoginForm,
  registerForm,
  resetForm,
  sendCodeForm,
  smsLoginForm,
  type CodeType,
} from '../../shared/schemas/auth.ts';

/** The login form of spec section 3: one state shared by the five panels. */
export interface LoginForm {
  phoneCode: string;
  account: string;
  password: string;
  confirm_pwd: string;
  captcha: string;
  codeVal: string;
  codeUrl: string;
  codeKey: string;
  isAgree: boolean;
}

const empty: LoginForm = {
  phoneCode: '86',
  account: '',
  password: '',
  confirm_pwd: '',
  captcha: '',
  codeVal: '',
  codeUrl: '',
  codeKey: '',
  isAgree: false,
};

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : '请求失败，请稍后重试');
const needsCaptcha = (e: unknown) => e instanceof ApiError && e.data?.need_captcha === true;

/** State and actions of the sign-in panels; every action validates with the schemas the server uses. */
export function useLoginForm(onSignedIn: () => void) {
  const [form, setForm] = useState<LoginForm>(empty);
  const [isShowCode, setShowCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<LoginForm>) => setForm((f) => ({ ...f, ...patch }));
  const answer = () => (isShowCode ? { key: form.codeKey, code: form.codeVal } : {});

  async function refreshCaptcha() {
    try {
      const c = await authApi.captcha();
      set({ codeUrl: c.captcha, codeKey: c.key, codeVal: '' });
    } catch (e) {
      toast(messageOf(e));
    }
  }

  function demandCaptcha(e: unknown) {
    if (needsCaptcha(e)) setShowCode(true);
    if (needsCaptcha(e) || isShowCode) void refreshCaptcha();
  }

  /** Runs a validated call; a validation error is shown and nothing is sent. */
  async function guarded(error: string | null, call: () => Promise<void>) {
    if (error) return toast(error);
    setBusy(true);
    try {
      await call();
    } finally {
      setBusy(false);
    }
  }

  const phone = { phone_code: form.phoneCode, phone: form.account };

  async function sendCode(type: CodeType): Promise<boolean> {
    const error = firstError(sendCodeForm.safeParse(phone));
    if (error) return (toast(error), false);
    try {
      const { message } = await authApi.sendCode({ ...phone, type, ...answer() });
      toast(message);
      return true;
    } catch (e) {
      toast(messageOf(e));
      demandCaptcha(e);
      return false;
    }
  }

  const smsLogin = () =>
    guarded(firstError(smsLoginForm.safeParse({ ...phone, sms_code: form.captcha, agree: form.isAgree })), async () => {
      try {
        await authApi.smsLogin({ ...phone, sms_code: form.captcha });
        onSignedIn();
      } catch {
        toast(authText.smsLoginFailed);
      }
    });

  const passwordLogin = () =>
    guarded(firstError(passwordLoginForm.safeParse({ ...phone, password: form.password, agree: form.isAgree })), async () => {
      try {
        await authApi.login({ account: form.phoneCode + form.account, phone_code: form.phoneCode, password: form.password, ...answer() });
        onSignedIn();
      } catch (e) {
        toast(messageOf(e));
        demandCaptcha(e);
      }
    });

  const register = (onDone: () => void) =>
    guarded(firstError(registerForm.safeParse({ ...phone, sms_code: form.captcha, pwd: form.password, agree: form.isAgree })), async () => {
      try {
        await authApi.register({ ...phone, sms_code: form.captcha, pwd: form.password, ...answer() });
        toast(authText.registered);
        set({ password: '', captcha: '' });
        onDone();
      } catch (e) {
        toast(messageOf(e));
        demandCaptcha(e);
      }
    });

  const reset = (onDone: () => void) =>
    guarded(
      firstError(resetForm.safeParse({ ...phone, pwd: form.password, confirm_pwd: form.confirm_pwd, sms_code: form.captcha })),
      async () => {
        try {
          const { message } = await authApi.changePassword({
            ...phone,
            sms_code: form.captcha,
            pwd: form.password,
            confirm_pwd: form.confirm_pwd,
            ...answer(),
          });
          toast(message);
          set({ password: '', confirm_pwd: '', captcha: '' });
          onDone();
        } catch (e) {
          toast(messageOf(e));
          demandCaptcha(e);
        }
      },
    );

  /** Spec section 4: switching to the reset panel clears account, password, confirmation and code. */
  const clearForReset = () => set({ account: '', password: '', confirm_pwd: '', captcha: '' });

  return { form, set, busy, isShowCode, refreshCaptcha, sendCode, smsLogin, passwordLogin, register, reset, clearForReset };
}
