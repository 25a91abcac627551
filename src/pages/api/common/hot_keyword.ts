import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listHotKeywords } from '../../../server/services/site/list-hot-keywords.ts';

export const GET = endpoint(async (ctx) => ok(await listHotKeywords(ctx)));
