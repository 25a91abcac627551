import { z } from './zod.ts';
import { blankToUndefined, numberAsText, orDefault } from './common.ts';

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
export const areaCode = trimmed(authText.areaCode)
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, authText.areaCode));
/** National number: 4-15 digits (E.164 allows at most 15 in all). */
const phoneOf = (required: string) => trimmed(required).pipe(z.string().regex(/^\d{4,15}$/, authText.phoneFormat));
/** SMS code: letters and digits only (spec), at most 8. */
const codeOf = (required: string) => trimmed(required).pipe(z.string().regex(/^[A-Za-z0-9]{1,8}$/, authText.codeFormat));
/** 6-16 characters mixing letters and digits (those only), neither digits-only nor letters-only. */
export const newPassword = z
  .string({ error: authText.passwordRegister })
  .min(1, authText.passwordRegister)
  .refine((v) => /^(?![0-9]+$)(?![A-Za-z]+$)[0-9A-Za-z]{6,16}$/.test(v), authText.passwordRule);
const agreed = z.literal(true, { error: authText.agree });

/** Optional image captcha answered with a send or a login (when the server demands it). */
export const captchaAnswer = {
  key: z.string().max(64).optional(),
  code: z.string().max(8).optional(),
};

export const smsLoginForm = z.object({
  phone_code: areaCode,
  phone: phoneOf(authText.phone),
  sms_code: codeOf(authText.code),
  agree: agreed,
});
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
/**
 * Checked in the spec's order: area code, phone, password, the confirmation matching it, then the code. The API takes
 * a body without the confirmation (the reference's user centre sends none).
 */
const resetOf = <C extends z.ZodType, P extends z.ZodType>(phoneCode: C, phone: P, confirmRequired: boolean) =>
  z
    .object({
      phone_code: phoneCode,
      phone,
      pwd: newPassword,
      confirm_pwd: confirmRequired ? z.string() : z.preprocess(blankToUndefined, z.string().optional()),
    })
    .refine((v) => v.confirm_pwd === undefined || v.pwd === v.confirm_pwd, {
      message: authText.passwordMismatch,
      path: ['confirm_pwd'],
    })
    .and(z.object({ sms_code: codeOf(authText.code) }));
export const resetForm = resetOf(areaCode, phoneOf(authText.phone), true);
/** Sending a code from the dialog: area code and phone. */
export const sendCodeForm = z.object({ phone_code: areaCode, phone: phoneOf(authText.phone) });
/** A mainland mobile number as shoppers type it: 1, a digit 3-9, nine more digits (spec section 3); where SMS reaches a shop. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** The header's phone-only variant: a mainland mobile number (sent as a JSON number too: its digits). */
export const mainlandPhone = z.preprocess(
  numberAsText,
  trimmed(authText.phone).pipe(z.string().regex(MAINLAND_MOBILE, authText.phoneFormat)),
);

export const CODE_TYPES = ['login', 'register', 'change_pwd', 'change_phone', 'intention', 'mobile'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

/** First message of a failed parse, for a toast or a field. */
export function firstError(r: { success: boolean; error?: z.ZodError }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? '参数错误');
}

/* ---- API payloads (spec section 7): the forms above minus the dialog-only agreement tick. ---- */

const BODY = { error: '请求格式不正确' };
/**
 * The area code of an API body. The reference's clients send none (sign-in, register, reset, changing the phone, a
 * merchant application): absent, null or '' is 86, the mainland (a JSON number is its digits). The dialog's forms
 * above still require it: their area-code field must be filled in. (`.default` takes an absent field and makes it
 * optional in the input type; `orDefault` takes null and ''.)
 */
const mainlandByDefault = orDefault('86', z.preprocess(numberAsText, areaCode)).default('86');
/** Absent, null and '' all mean "not answered" (the dialog sends empty fields until a captcha is shown). */
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).trim().max(max, message).optional());

/**
 * The captcha answer on sends and logins: the image one (`key`, `code`) or the reference's slider (`captchaType`
 * blockPuzzle, `captchaVerification` from `POST /api/ajcheck`); the server decides when one is required.
 */
export const captchaBody = {
  key: optionalText(64, '图形验证码错误'),
  code: optionalText(8, '图形验证码错误'),
  captchaType: optionalText(32, '验证码类型错误'),
  captchaVerification: optionalText(1024, '滑块验证已失效，请重新验证'),
};
const sendPhone = sendCodeForm.shape.phone;
/** A masked phone as `GET /api/user` shows it (138****8000): the signed-in shopper's own, for a password change. */
export const MASKED_PHONE = /^\d{0,4}\*{4}\d{1,4}$|^\*{4}$/;
/** A phone, or the signed-in shopper's own as `GET /api/user` masks it (the reference's user centre sends that back). */
const phoneOrOwnMask = trimmed(authText.phone).pipe(
  z.string().refine((v) => /^\d{4,15}$/.test(v) || MASKED_PHONE.test(v), authText.phoneFormat),
);
const smsCode = smsLoginForm.shape.sms_code;
const codeTypeError = { error: '验证码类型错误' };

/** Who a code goes to, checked before its type when the type is missing or unknown (spec §5: area code, then phone). */
const sendTarget = z.object({ phone_code: mainlandByDefault, phone: phoneOrOwnMask });

/**
 * POST /api/auth/verify. The header variant (`mobile`) sends a mainland number without an area code; the other types
 * take one, 86 when absent. Without a known `type`, a missing or wrong area code or phone is named first (as the
 * spec's payload and its checks order them: area code, phone, then the type), then 验证码类型错误.
 */
export const sendCodeBody = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('mobile'), phone: mainlandPhone, ...captchaBody }, BODY),
    z.object(
      {
        phone_code: mainlandByDefault,
        phone: phoneOrOwnMask,
        type: z.enum(['login', 'register', 'change_pwd', 'change_phone', 'intention'], codeTypeError),
        ...captchaBody,
      },
      BODY,
    ),
  ],
  {
    error: (issue) => {
      const input = issue.input;
      if (!input || typeof input !== 'object' || Array.isArray(input)) return codeTypeError.error;
      return firstError(sendTarget.safeParse(input)) ?? codeTypeError.error;
    },
  },
);
export const registerBody = z.object({ ...registerForm.omit({ agree: true }).shape, phone_code: mainlandByDefault, ...captchaBody }, BODY);
export const smsLoginBody = z.object({ ...smsLoginForm.omit({ agree: true }).shape, phone_code: mainlandByDefault }, BODY);
/**
 * `account` is the area code and the phone written together ('8613800138000'), also sent as a JSON number;
 * `phone_code` disambiguates.
 */
export const passwordLoginBody = z.object(
  {
    account: z.preprocess(
      numberAsText,
      trimmed(authText.phone)
        .transform((v) => v.replace(/^\+/, ''))
        .pipe(z.string().regex(/^\d{4,19}$/, authText.phoneFormat)),
    ),
    password: passwordLoginForm.shape.password,
    phone_code: z.preprocess((v) => numberAsText(blankToUndefined(v)), areaCode.optional()),
    ...captchaBody,
  },
  BODY,
);
/** POST /api/user/change_pwd (forgot password, or a signed-in change: the phone may be the shopper's own, masked). */
export const resetBody = resetOf(mainlandByDefault, phoneOrOwnMask, false);
/** POST /api/user/change/phone: the new number and the code sent to it (the reference sends no area code: 86). */
export const changePhoneBody = z.object({ phone_code: mainlandByDefault, phone: sendPhone, sms_code: smsCode }, BODY);

const scanKey = z.string({ error: '二维码已失效，请刷新' }).trim().min(1, '二维码已失效，请刷新').max(64, '二维码已失效，请刷新');
export const scanKeyBody = z.object({ key: scanKey }, BODY);
const asBoolean = (v: unknown) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v);
export const scanConfirmBody = z.object(
  { key: scanKey, confirm: z.preprocess(asBoolean, z.boolean({ error: '请选择确认或拒绝登录' })) },
  BODY,
);
/** Third-party callback code (`/login?code=`). */
export const codeLoginBody = z.object(
  {
    code: z.string({ error: '缺少登录凭证' }).trim().min(1, '缺少登录凭证').max(512, '登录凭证无效'),
    /** The `state` the provider hands back; it must match the browser's oauth_state cookie. */
    state: z.string().max(128).optional(),
  },
  BODY,
);
