import { loadPage } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { ServiceError } from '../server/services/errors.ts';
import { getMerchant } from '../server/services/merchant/get-merchant.ts';
import { unlockMerchantLicences } from '../server/services/merchant/unlock-merchant-licences.ts';
import { getCaptcha } from '../server/services/auth/get-captcha.ts';

/**
 * `/qualifications?id=`: the merchant, and either its licence images (a POST of the captcha form the service
 * accepted) or a fresh captcha, with the refusal's message after a wrong answer (`error`: the page answers 400).
 */
export function loadQualifications(page: PageInput) {
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [merchant, basics] = await Promise.all([getMerchant(ctx, { id: page.url.searchParams.get('id') ?? '' }), pageBasics(page)]);
    let error = '';
    if (page.request?.method === 'POST') {
      const form = await page.request.formData().catch(() => new FormData());
      const answer = {
        key: String(form.get('key') ?? '').slice(0, 64),
        code: String(form.get('code') ?? '')
          .trim()
          .slice(0, 8),
      };
      try {
        return {
          merchant,
          licences: await unlockMerchantLicences(ctx, { id: merchant.mer_id, ...answer }),
          captcha: null,
          error,
          ...basics,
        };
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        error = e.message;
      }
    }
    return { merchant, licences: null, captcha: await getCaptcha(ctx), error, ...basics };
  });
}
