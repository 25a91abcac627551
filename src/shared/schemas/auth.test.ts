import { describe, it, expect } from 'vitest';
import type { z } from './zod.ts';
import {
  smsLoginForm,
  passwordLoginForm,
  registerForm,
  resetForm,
  sendCodeForm,
  mainlandPhone,
  newPassword,
  firstError,
  placeholders,
} from './auth.ts';

const msg = (schema: z.ZodType, value: unknown) => firstError(schema.safeParse(value));

const phone = { phone_code: '86', phone: '13800138000' };

describe('phone code login (spec section 5)', () => {
  const ok = { ...phone, sms_code: '123456', agree: true };
  it('accepts a complete form, with or without + before the area code', () => {
    expect(smsLoginForm.safeParse(ok).success).toBe(true);
    expect(smsLoginForm.parse({ ...ok, phone_code: '+86' }).phone_code).toBe('86');
  });
  it.each([
    [{ ...ok, phone_code: '' }, '请填写地区号'],
    [{ ...ok, phone: '' }, '请填写手机号码'],
    [{ ...ok, sms_code: '' }, '请填写验证码'],
    [{ ...ok, sms_code: '12 34!' }, '请输入正确的验证码'],
    [{ ...ok, agree: false }, '请勾选用户隐私协议'],
  ])('refuses %j with %s', (value, message) => {
    expect(msg(smsLoginForm, value)).toBe(message);
  });
});

describe('password login', () => {
  const ok = { ...phone, password: 'mall123456', agree: true };
  it.each([
    [{ ...ok, phone_code: ' ' }, '请填写地区号'],
    [{ ...ok, phone: '' }, '请填写手机号码'],
    [{ ...ok, password: '' }, '请填写密码'],
    [{ ...ok, agree: false }, '请勾选用户隐私协议'],
  ])('refuses %j with %s', (value, message) => {
    expect(msg(passwordLoginForm, value)).toBe(message);
  });
  it('accepts a complete form', () => expect(passwordLoginForm.safeParse(ok).success).toBe(true));
});

describe('register', () => {
  const ok = { ...phone, sms_code: 'a1b2c3', pwd: 'abc12345', agree: true };
  it.each([
    [{ ...ok, phone: '' }, '请输入手机号码'],
    [{ ...ok, sms_code: '' }, '请输入验证码'],
    [{ ...ok, sms_code: '中文码' }, '请输入正确的验证码'],
    [{ ...ok, pwd: '' }, '请输入密码'],
    [{ ...ok, agree: false }, '请勾选用户隐私协议'],
  ])('refuses %j with %s', (value, message) => {
    expect(msg(registerForm, value)).toBe(message);
  });
  it('accepts a complete form', () => expect(registerForm.safeParse(ok).success).toBe(true));
});

describe('password rule: 6-16 characters mixing letters and digits', () => {
  it.each(['abc123', 'Abcdefgh12345678', '9passWord'])('accepts %s', (p) => expect(newPassword.safeParse(p).success).toBe(true));
  // Letters and digits only: a symbol is neither.
  it.each(['abc12', 'abcdefgh123456789', '12345678', 'abcdefgh', 'abc 1234', '密码abc123', 'pass-word9', 'abc123!', '!@#$%^'])(
    'refuses %s',
    (p) => {
      expect(msg(newPassword, p)).toBe('请输入6-16位字母加数字组合');
    },
  );
});

describe('password reset', () => {
  const ok = { ...phone, pwd: 'new12345', confirm_pwd: 'new12345', sms_code: '654321' };
  it('accepts matching passwords', () => expect(resetForm.safeParse(ok).success).toBe(true));
  it.each([
    [{ ...ok, confirm_pwd: 'new123456' }, '两次密码不一致'],
    [{ ...ok, sms_code: '' }, '请填写验证码'],
    [{ ...ok, sms_code: '12-34' }, '请输入正确的验证码'],
    [{ ...ok, phone_code: '' }, '请填写地区号'],
    [{ ...ok, pwd: 'short' }, '请输入6-16位字母加数字组合'],
    // The spec's order: the confirmation is checked before the code.
    [{ ...ok, confirm_pwd: 'abc124', sms_code: '' }, '两次密码不一致'],
    [{ ...ok, pwd: 'short', sms_code: '' }, '请输入6-16位字母加数字组合'],
  ])('refuses %j with %s', (value, message) => {
    expect(msg(resetForm, value)).toBe(message);
  });
});

describe('sending a code', () => {
  it('needs the area code and the phone in the dialog', () => {
    expect(msg(sendCodeForm, { phone_code: '', phone: '13800138000' })).toBe('请填写地区号');
    expect(msg(sendCodeForm, { phone_code: '86', phone: '' })).toBe('请填写手机号码');
    expect(sendCodeForm.safeParse(phone).success).toBe(true);
  });
  it('the header variant takes a mainland mobile: 1, then 3-9, then nine digits', () => {
    expect(mainlandPhone.safeParse('13800138000').success).toBe(true);
    expect(msg(mainlandPhone, '')).toBe('请填写手机号码');
    for (const bad of ['12800138000', '1380013800', '138001380001', '23800138000'])
      expect(msg(mainlandPhone, bad)).toBe('请输入正确的手机号码');
  });
});

it('keeps the placeholders of spec section 5', () => {
  expect(Object.values(placeholders)).toEqual([
    '请输入手机号',
    '请输入验证码',
    '请输入密码',
    '填写您的新密码',
    '再次输入新密码',
    '请输入您的登录密码',
    '填写验证码',
  ]);
});
