import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { issueMerchantToken } from '../../../../../server/services/operator/issue-merchant-token.ts';
import { listShopTokens } from '../../../../../server/services/operator/shops.ts';

/** The operator issues a shop a new merchant-API token (`{name?}`); its plain text is in this answer only. */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.looseObject({}));
  return ok(await issueMerchantToken(ctx.db, { ...body, mer_id: params.id }), '令牌已签发，请妥善保存（只显示这一次）');
});

/** The shop's tokens: id, name, when made, last used and revoked (never their text). */
export const GET = operatorEndpoint(async (ctx, { params }) => ok(await listShopTokens(ctx.db, { mer_id: params.id ?? '' })));
