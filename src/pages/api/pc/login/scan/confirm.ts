import { endpoint, ok, readBody } from '../../../../../server/http/envelope.ts';
import { requireUser } from '../../../../../server/services/context.ts';
import { scanConfirmBody } from '../../../../../shared/schemas/auth.ts';
import { confirmScanLogin } from '../../../../../server/services/auth/scan-login.ts';

export const POST = endpoint(async (ctx, api) => {
  requireUser(ctx);
  const { message } = await confirmScanLogin(ctx, await readBody(api.request, scanConfirmBody));
  return ok(undefined, message);
});
