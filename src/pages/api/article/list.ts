import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { readArticles } from '../../../server/services/news/read-articles.ts';
import { listLatestArticles } from '../../../server/services/news/list-latest.ts';

/** `GET /api/article/list?limit`: "最新资讯", recommended articles first, `{count, list}`. */
export const GET = endpoint(async (_ctx, { url }) => ok(listLatestArticles(await readArticles(), rawQuery(url))));
