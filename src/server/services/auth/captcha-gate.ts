import type { Db } from '../../db/client.ts';
import { checkCaptcha } from '../../auth/captcha.ts';
import { consumeSliderVerification } from '../../auth/slider-captcha.ts';
import { hit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import { accountText } from './messages.ts';

export interface CaptchaAnswer {
  key?: string;
  code?: string;
  /** The reference's slider captcha, solved (`POST /api/ajcheck`): it passes the gate in place of the image. */
  captchaVerification?: string;
}

/**
 * When a captcha is `needed` (the image one, or the reference's slider: a `captchaVerification` earned at `ajcheck`), a missing or wrong answer is a refusal with `{need_captcha: true}` so the
 * dialog shows (and refreshes) the field. Wrong answers are counted in `failBuckets`. Returns null when passed.
 */
export async function captchaGate(
  tx: Db,
  needed: boolean,
  answer: CaptchaAnswer,
  failBuckets: string[],
  now: Date,
): Promise<ServiceError | null> {
  if (!needed) return null;
  if (answer.captchaVerification) {
    if (await consumeSliderVerification(tx, answer.captchaVerification, now)) return null;
    for (const b of failBuckets) await hit(tx, b, now);
    return new ServiceError('refused', accountText.sliderUsed, { need_captcha: true });
  }
  if (!answer.key || !answer.code) return new ServiceError('refused', accountText.needCaptcha, { need_captcha: true });
  if (await checkCaptcha(tx, answer.key, answer.code, now)) return null;
  for (const b of failBuckets) await hit(tx, b, now);
  return new ServiceError('refused', accountText.captchaWrong, { need_captcha: true });
}
