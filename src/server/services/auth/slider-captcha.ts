import { z } from 'zod';
import { checkSliderCaptcha, createSliderCaptcha, type NewSliderCaptcha } from '../../auth/slider-captcha.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { accountText } from './messages.ts';
import { countCaptchaRequest } from './get-captcha.ts';
import { transactOrRefuse } from './transact.ts';

/** The one kind of the reference's `captchaType` built: the block puzzle (AJ-Captcha's `clickWord` is not). */
export const SLIDER_TYPE = 'blockPuzzle';

const captchaType = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? SLIDER_TYPE : v),
  z.literal(SLIDER_TYPE, { error: accountText.sliderType }),
);

/**
 * `GET /api/ajcaptcha?captchaType=blockPuzzle`: a new slider puzzle `{originalImageBase64, jigsawImageBase64, token,
 * secretKey}`, valid 5 minutes, one try. Counted with the image captchas: 300 an hour per address.
 */
export async function getSliderCaptcha(
  ctx: Pick<ServiceContext, 'db' | 'ip'>,
  input: { captchaType?: unknown },
  opts: { exposeAnswer?: boolean } = {},
  now = new Date(),
): Promise<NewSliderCaptcha & { x?: number }> {
  parseInput(z.object({ captchaType }), input);
  const ip = ctx.ip;
  if (ip) await transactOrRefuse(ctx.db, (tx) => countCaptchaRequest(tx, ip, now));
  // Drawn outside any transaction: the picture takes a few milliseconds of sharp.
  const { x, ...puzzle } = await createSliderCaptcha(ctx.db, now);
  return opts.exposeAnswer ? { ...puzzle, x } : puzzle;
}

/** `POST /api/ajcheck {token, pointJson, captchaType}`: where the piece was left; 验证失败 (and a new puzzle needed) when wrong. */
export async function checkSlider(ctx: Pick<ServiceContext, 'db'>, input: Record<string, unknown>): Promise<{ result: true }> {
  const body = parseInput(
    z.object({
      captchaType,
      token: z.string({ error: accountText.sliderFailed }).max(64, accountText.sliderFailed),
      pointJson: z.string({ error: accountText.sliderFailed }).max(512, accountText.sliderFailed),
    }),
    input,
  );
  if (!(await checkSliderCaptcha(ctx.db, body.token, body.pointJson))) throw new ServiceError('refused', accountText.sliderFailed);
  return { result: true };
}
