import { send, get, post } from './api.ts';
import type { UserDto } from '../shared/dto.ts';
import type { CodeType } from '../shared/schemas/auth.ts';

/** Calls of spec section 7 used by the sign-in panels and the account page. */
export interface Captcha {
  captcha: string;
  key: string;
  code?: string;
}
export interface Session {
  token: string;
  expires_time: number;
  user: UserDto;
}
export interface ScanKey {
  key: string;
  qrcode: string;
  timeout: number;
}
export interface ScanCheck {
  status: 200 | 201 | 400;
  message?: string;
  result?: { token: string; user: UserDto };
}
export type ScanStatus = 'pending' | 'confirmed' | 'refused' | 'expired' | 'used';
/** `GET /api/pc/login/scan/info`: the key's state and the browser that asked for it (see services/auth/scan-login.ts). */
export interface ScanInfo {
  status: ScanStatus;
  expires_at: number;
  requester: { browser: string; os: string; ip: string; requested_at: string; seconds_ago: number } | null;
}
interface CaptchaAnswer {
  key?: string;
  code?: string;
}

export const authApi = {
  captcha: () => get<Captcha>('/api/captcha'),
  sendCode: (b: { phone: string; phone_code: string; type: CodeType } & CaptchaAnswer) =>
    send<unknown>('POST', '/api/auth/verify', { body: b }),
  register: (b: { phone: string; phone_code: string; sms_code: string; pwd: string } & CaptchaAnswer) =>
    send<unknown>('POST', '/api/auth/register', { body: { ...b, user_type: 'pc' } }),
  login: (b: { account: string; phone_code: string; password: string } & CaptchaAnswer) =>
    post<Session>('/api/auth/login', { ...b, user_type: 'pc' }),
  smsLogin: (b: { phone: string; phone_code: string; sms_code: string }) => post<Session>('/api/auth/smslogin', b),
  changePassword: (b: { phone: string; phone_code: string; sms_code: string; pwd: string; confirm_pwd: string } & CaptchaAnswer) =>
    send<unknown>('POST', '/api/user/change_pwd', { body: b }),
  changePhone: (b: { phone: string; phone_code: string; sms_code: string }) => send<unknown>('POST', '/api/user/change/phone', { body: b }),
  logout: () => post<unknown>('/api/logout'),
  scanKey: () => get<ScanKey>('/api/pc/login/scan'),
  scanInfo: (key: string) => get<ScanInfo>('/api/pc/login/scan/info', { key }),
  scanCheck: (key: string) => post<ScanCheck>('/api/pc/login/scan/check', { key }),
  scanConfirm: (key: string, confirm: boolean) => send<unknown>('POST', '/api/pc/login/scan/confirm', { body: { key, confirm } }),
};
