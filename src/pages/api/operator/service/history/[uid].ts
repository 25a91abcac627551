import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { listDeskHistory, mallDesk } from '../../../../../server/services/chat/desk-chat.ts';
import { rawQuery } from '../../../_input.ts';

/** The mall desk's conversation with shopper `uid` `{count, list}` (`?page&limit`): page 1 the newest, each page oldest first. */
export const GET = operatorEndpoint(async (ctx, { params, url }) =>
  ok(await listDeskHistory(mallDesk(ctx), { ...rawQuery(url), uid: params.uid })),
);
