import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { readArticles } from '../../../../server/services/news/read-articles.ts';
import { listArticles } from '../../../../server/services/news/list-articles.ts';

/** `GET /api/article/lst/{cid}?page&limit` (cid 0: every category): `{count, list}`, 10 a page, newest first. */
export const GET = endpoint(async (_ctx, { url, params }) => ok(listArticles(await readArticles(), { ...rawQuery(url), cid: params.cid })));
