import { z } from 'zod';
import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { captchaBody } from '../../../../shared/schemas/auth.ts';
import { captchaGate } from '../../../../server/services/auth/captcha-gate.ts';
import { parseInput } from '../../../../server/services/input.ts';
import { getMerchantLicences } from '../../../../server/services/merchant/get-merchant-licences.ts';
import { merchantIdInput } from '../../../../server/services/merchant/get-merchant.ts';

const body = z.object(captchaBody, { error: '请求格式不正确' });

/**
 * A shop's licence images (`data`: URLs) behind an image captcha from GET /api/captcha, to slow down
 * scraping. The id is checked before the captcha so a typo does not use up the shopper's answer; each
 * answer is single use (right or wrong), so no failure counting is needed here.
 */
export const POST = endpoint(async (ctx, { params, request }) => {
  const { id } = parseInput(merchantIdInput, { id: params.id ?? '' });
  const refusal = await captchaGate(ctx.db, true, await readBody(request, body), [], new Date());
  if (refusal) throw refusal;
  return ok(await getMerchantLicences(ctx, { id }));
});
