import { z } from 'zod';
import { endpoint, ok } from '../../server/http/envelope.ts';
import { checkSlider } from '../../server/services/auth/slider-captcha.ts';
import { readObjectBody } from './_input.ts';

/** Checks a slider answer `{token, pointJson, captchaType}` (reference `POST /api/ajcheck`); one try per puzzle. */
export const POST = endpoint(async (ctx, { request }) => {
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await checkSlider(ctx, body), '验证成功');
});
