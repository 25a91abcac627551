import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { sendCodeBody } from '../../../shared/schemas/auth.ts';
import { sendCode } from '../../../server/services/auth/send-code.ts';

export const POST = endpoint(async (ctx, api) => {
  const { message } = await sendCode(ctx, await readBody(api.request, sendCodeBody));
  return ok(undefined, message);
});
