import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { listNewsCategories } from '../../../../server/services/news/list-categories.ts';

/** `GET /api/article/category/lst`: the news tabs, `[{article_category_id, title}]`. */
export const GET = endpoint(() => ok(listNewsCategories()));
