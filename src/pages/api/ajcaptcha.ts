import { endpoint, ok } from '../../server/http/envelope.ts';
import { config } from '../../server/config.ts';
import { getSliderCaptcha } from '../../server/services/auth/slider-captcha.ts';
import { rawQuery } from './_input.ts';

/** A slider puzzle (reference `GET /api/ajcaptcha?captchaType=blockPuzzle`); its answer `x` travels along only in test mode. */
export const GET = endpoint(async (ctx, { url }) => ok(await getSliderCaptcha(ctx, rawQuery(url), { exposeAnswer: config.isTest })));
