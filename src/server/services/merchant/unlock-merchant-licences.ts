import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { captchaBody } from '../../../shared/schemas/auth.ts';
import { captchaGate } from '../auth/captcha-gate.ts';
import { getMerchantLicences } from './get-merchant-licences.ts';
import { merchantIdInput } from './get-merchant.ts';

const answerInput = z.object(captchaBody, { error: '请求格式不正确' });

/**
 * A merchant's licence images behind an image captcha from GET /api/captcha (slows down scraping): the one
 * place the answer is checked, for `POST /api/store/certificate/{id}` and the `/qualifications` form. The id
 * is checked before the captcha so a typo does not use up the shopper's answer; each answer is single use
 * (right or wrong), so no failure counting is needed. A missing or wrong answer is a 400 refusal.
 */
export async function unlockMerchantLicences(
  ctx: ServiceContext,
  input: { id: number | string; key?: string; code?: string },
): Promise<string[]> {
  const { id } = parseInput(merchantIdInput, { id: input.id });
  const answer = parseInput(answerInput, { key: input.key, code: input.code });
  const refusal = await captchaGate(ctx.db, true, answer, [], new Date());
  if (refusal) throw refusal;
  return getMerchantLicences(ctx, { id });
}
