import { ok } from '../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { listShops } from '../../../../server/services/operator/shops.ts';
import { rawQuery } from '../../_input.ts';

/** Every shop `{count, list}` (`?keyword` name or service phone, `&status` 1 open / 0 closed, `&page&limit`), by id. */
export const GET = operatorEndpoint(async (ctx, { url }) => ok(await listShops(ctx.db, rawQuery(url))));
