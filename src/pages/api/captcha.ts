import { endpoint, ok } from '../../server/http/envelope.ts';
import { config } from '../../server/config.ts';
import { getCaptcha } from '../../server/services/auth/get-captcha.ts';

/** The answer travels with the image only in test mode (MALLFRONT_TEST=1), for browser tests. */
export const GET = endpoint(async (ctx) => ok(await getCaptcha(ctx, { exposeCode: config.isTest })));
