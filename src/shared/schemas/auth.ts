import { z } from 'zod';

/**
 * Sign-in forms (spec section 5), shared by the login dialog and the server. Messages and rules are the
 * spec's; the server re-validates everything the dialog checked.
 */
export const authText = {
  areaCode: '请填写地区号',
  phone: '请填写手机号码',
  phoneRegister: '请输入手机号码',
  phoneFormat: '请输入正确的手机号码',
  code: '请填写验证码',
  codeRegister: '请输入验证码',
  codeFormat: '请输入正确的验证码',
  password: '请填写密码',
  passwordRegister: '请输入密码',
  passwordRule: '请输入6-16位字母加数字组合',
  passwordMismatch: '两次密码不一致',
  agree: '请勾选用户隐私协议',
  smsLoginFailed: '验证码错误',
  registered: '注册成功',
} as const;

export const placeholders = {
  phone: '请输入手机号',
  code: '请输入验证码',
  password: '请输入密码',
  newPassword: '填写您的新密码',
  confirmPassword: '再次输入新密码',
  loginPassword: '请输入您的登录密码',
  captcha: '填写验证码',
} as const;

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Calling code without '+': 1-4 digits. */
export const areaCode = trimmed(authText.areaCode).transform((v) => v.replace(/^\+/, '')).pipe(z.string().regex(/^\d{1,4}$/, authText.areaCode));
/** National number: 4-15 digits (E.164 allows at most 15 in all). */
const phoneOf = (required: string) => trimmed(required).pipe(z.string().regex(/^\d{4,15}$/, authText.phoneFormat));
/** SMS code: letters and digits only (spec), at most 8. */
const codeOf = (required: string) => trimmed(required).pipe(z.string().regex(/^[A-Za-z0-9]{1,8}$/, authText.codeFormat));
/** 6-16 characters mixing letters and digits, neither digits-only nor letters-only. */
export const newPassword = z
  .string({ error: authText.passwordRegister })
  .min(1, authText.passwordRegister)
  .refine((v) => /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,16}$/.test(v), authText.passwordRule);
const agreed = z.literal(true, { error: authText.agree });

/** Optional image captcha answered with a send or a login (when the server demands it). */
export const captchaAnswer = {
  key: z.string().max(64).optional(),
  code: z.string().max(8).optional(),
};

export const smsLoginForm = z.object({ phone_code: areaCode, phone: phoneOf(authText.phone), sms_code: codeOf(authText.code), agree: agreed });
export const passwordLoginForm = z.object({
  phone_code: areaCode,
  phone: phoneOf(authText.phone),
  password: z.string({ error: authText.password }).min(1, authText.password).max(64, authText.password),
  agree: agreed,
});
export const registerForm = z.object({
  phone_code: areaCode,
  phone: phoneOf(authText.phoneRegister),
  sms_code: codeOf(authText.codeRegister),
  pwd: newPassword,
  agree: agreed,
});
export const resetForm = z
  .object({ phone_code: areaCode, phone: phoneOf(authText.phone), pwd: newPassword, confirm_pwd: z.string(), sms_code: codeOf(authText.code) })
  .refine((v) => v.pwd === v.confirm_pwd, { message: authText.passwordMismatch, path: ['confirm_pwd'] });
/** Sending a code from the dialog: area code and phone. */
export const sendCodeForm = z.object({ phone_code: areaCode, phone: phoneOf(authText.phone) });
/** The header's phone-only variant: a mainland mobile number. */
export const mainlandPhone = trimmed(authText.phone).pipe(z.string().regex(/^1[3-9]\d{9}$/, authText.phoneFormat));

export const CODE_TYPES = ['login', 'register', 'change_pwd', 'change_phone', 'mobile'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

/** First message of a failed parse, for a toast or a field. */
export function firstError(r: { success: boolean; error?: z.ZodError }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? '参数错误');
}
