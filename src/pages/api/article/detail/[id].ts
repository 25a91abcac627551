import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readArticles } from '../../../../server/services/news/read-articles.ts';
import { getArticle } from '../../../../server/services/news/get-article.ts';

/** `GET /api/article/detail/{id}`: one article; its Markdown rendered to HTML is `content.content`. */
export const GET = endpoint(async (_ctx, { params }) => ok(getArticle(await readArticles(), { id: params.id })));
