/** Limits of the accounts domain (issue 3, spec section 9). */
import { addressKey } from '../../auth/rate-limit.ts';
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 300;
/** Wrong answers a code survives; the fifth kills it. */
export const CODE_MAX_ATTEMPTS = 5;
/**
 * One send per phone and purpose per minute: the dialog's countdown (spec section 9). Per purpose, so a shopper
 * who asked for a register code and then turns to "forgot password" is not blocked; the hourly captcha demand and
 * the daily cap still count every send to the phone.
 */
export const SEND_INTERVAL_SECONDS = 60;
export const SEND_DAILY_PER_PHONE = 10;
export const SEND_DAILY_PER_IP = 50;
/** Sends in the last hour after which the image captcha is demanded. */
export const SEND_CAPTCHA_AFTER_PHONE = 3;
export const SEND_CAPTCHA_AFTER_IP = 10;
export const HOUR = 3600;
export const DAY = 86400;
/** Failed password logins in this window after which the image captcha is demanded. */
export const LOGIN_WINDOW_SECONDS = 900;
export const LOGIN_CAPTCHA_AFTER_ACCOUNT = 5;
export const LOGIN_CAPTCHA_AFTER_IP = 20;
/** Scan-login keys: lifetime (the `timeout` the dialog gets), claim grace after a last-second confirmation. */
export const SCAN_TTL_SECONDS = 300;
export const SCAN_CLAIM_GRACE_SECONDS = 60;
export const SCAN_KEYS_PER_IP_HOUR = 120;
/** Image captchas one address may ask for in an hour (each is a row until it expires). */
export const CAPTCHAS_PER_IP_HOUR = 300;

/** Rate-limit bucket names (server/auth/rate-limit.ts); per-address ones by `addressKey` (an IPv6 client by its /64). */
export const buckets = {
  smsPhone: (phoneCode: string, phone: string) => `sms:phone:${phoneCode}-${phone}`,
  /** `login` and the header's `mobile` are both login codes: one interval. */
  smsInterval: (phoneCode: string, phone: string, type: string) =>
    `sms:interval:${phoneCode}-${phone}:${type === 'mobile' ? 'login' : type}`,
  smsIp: (ip: string) => `sms:ip:${addressKey(ip)}`,
  smsCaptchaFailPhone: (phoneCode: string, phone: string) => `sms:captcha-fail:${phoneCode}-${phone}`,
  smsCaptchaFailIp: (ip: string) => `sms:captcha-fail-ip:${addressKey(ip)}`,
  loginFailAccount: (account: string) => `login:fail:${account}`,
  loginFailIp: (ip: string) => `login:fail-ip:${addressKey(ip)}`,
  scanIp: (ip: string) => `scan:ip:${addressKey(ip)}`,
  captchaIp: (ip: string) => `captcha:ip:${addressKey(ip)}`,
};
