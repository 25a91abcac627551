import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { listDeskHistory, merchantDesk } from '../../../../../server/services/chat/desk-chat.ts';
import { rawQuery } from '../../../_input.ts';

/** The shop's conversation with shopper `uid` `{count, list}` (`?page&limit`): page 1 the newest, each page oldest first. */
export const GET = merchantEndpoint(async (ctx, { params, url }) =>
  ok(await listDeskHistory(merchantDesk(ctx), { ...rawQuery(url), uid: params.uid })),
);
