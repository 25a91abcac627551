import { createCaptcha } from '../../auth/captcha.ts';
import type { Db } from '../../db/client.ts';
import { count, hit } from '../../auth/rate-limit.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../context.ts';
import { buckets, CAPTCHAS_PER_IP_HOUR, HOUR } from './limits.ts';
import { accountText } from './messages.ts';
import { transactOrRefuse } from './transact.ts';

export interface CaptchaDto {
  /** `data:image/svg+xml;base64,...` */
  captcha: string;
  key: string;
  /** Only in test mode (MALLFRONT_TEST=1), so browser tests can answer it. */
  code?: string;
}

/** Counts one captcha (image or slider) asked for from `ip`, refusing past 300 an hour: each is a row until it expires. */
export async function countCaptchaRequest(tx: Db, ip: string, now: Date): Promise<void> {
  if ((await count(tx, buckets.captchaIp(ip), HOUR, now)) >= CAPTCHAS_PER_IP_HOUR)
    throw new ServiceError('rate_limited', accountText.tooManyRequests);
  await hit(tx, buckets.captchaIp(ip), now);
}

/**
 * `GET /api/captcha`: a new 4-character image captcha, valid 5 minutes, single use, case-insensitive. At most
 * 300 an hour per address, since each one is stored until it expires.
 */
export async function getCaptcha(
  ctx: Pick<ServiceContext, 'db' | 'ip'>,
  opts: { exposeCode?: boolean } = {},
  now = new Date(),
): Promise<CaptchaDto> {
  const { key, image, code } = await transactOrRefuse(ctx.db, async (tx) => {
    if (ctx.ip) await countCaptchaRequest(tx, ctx.ip, now);
    return createCaptcha(tx, now);
  });
  return opts.exposeCode ? { captcha: image, key, code } : { captcha: image, key };
}
