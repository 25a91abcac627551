import { endpoint, ok, readQuery } from '../../../../../server/http/envelope.ts';
import { requireUser } from '../../../../../server/services/context.ts';
import { scanKeyBody } from '../../../../../shared/schemas/auth.ts';
import { scanLoginInfo } from '../../../../../server/services/auth/scan-login.ts';

export const GET = endpoint(async (ctx, api) => {
  requireUser(ctx);
  return ok(await scanLoginInfo(ctx, readQuery(api.url, scanKeyBody)));
});
