import { z } from 'zod';
import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { captchaBody } from '../../../../shared/schemas/auth.ts';
import { unlockMerchantLicences } from '../../../../server/services/merchant/unlock-merchant-licences.ts';

const body = z.object(captchaBody, { error: '请求格式不正确' });

/** A merchant's licence images (`data`: URLs) behind an image captcha: see unlockMerchantLicences. */
export const POST = endpoint(async (ctx, { params, request }) => {
  return ok(await unlockMerchantLicences(ctx, { id: params.id ?? '', ...(await readBody(request, body)) }));
});
