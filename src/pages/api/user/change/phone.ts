import { endpoint, ok, readBody } from '../../../../server/http/envelope.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { changePhoneBody } from '../../../../shared/schemas/auth.ts';
import { changePhone } from '../../../../server/services/user/change-phone.ts';

export const POST = endpoint(async (ctx, api) => {
  requireUser(ctx); // 请登录 before any field message
  const { message } = await changePhone(ctx, await readBody(api.request, changePhoneBody));
  return ok(undefined, message);
});
