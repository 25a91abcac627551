import { endpoint, ok, readBody } from '../../../server/http/envelope.ts';
import { registerBody } from '../../../shared/schemas/auth.ts';
import { register } from '../../../server/services/auth/register.ts';

/** Registers without signing in: the dialog then shows the password panel. */
export const POST = endpoint(async (ctx, api) => {
  const { message } = await register(ctx, await readBody(api.request, registerBody));
  return ok(undefined, message);
});
