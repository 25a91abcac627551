import { ok } from '../../../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../../../server/http/operator-endpoint.ts';
import { revokeShopToken } from '../../../../../../../server/services/operator/shops.ts';

/** Revokes one of the shop's merchant-API tokens: its next request is refused. */
export const POST = operatorEndpoint(async (ctx, { params }) =>
  ok(await revokeShopToken(ctx.db, { mer_id: params.id ?? '', token_id: params.tokenId ?? '' }), '令牌已吊销'),
);
