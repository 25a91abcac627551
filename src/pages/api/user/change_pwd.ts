import { endpoint, ok } from '../../../server/http/envelope.ts';
import { readObjectBody } from '../_input.ts';
import { resetBody } from '../../../shared/schemas/auth.ts';
import { changePassword } from '../../../server/services/auth/change-password.ts';

/** Forgot password (visitors) and change password (signed in): this request's own session survives. */
export const POST = endpoint(async (ctx, api) => {
  const { message } = await changePassword(ctx, await readObjectBody(api.request, resetBody), api.locals.token);
  return ok(undefined, message);
});
