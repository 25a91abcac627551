import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listIntentions } from '../../../server/services/intention/list-intentions.ts';
import { rawQuery } from '../_input.ts';

/** The shopper's merchant applications `{count, list}`, newest first (`?page&limit`, login required). */
export const GET = endpoint(async (ctx, { url }) => ok(await listIntentions(ctx, rawQuery(url))));
