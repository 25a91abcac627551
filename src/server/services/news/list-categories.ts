import { NEWS_CATEGORIES, type NewsCategory } from './categories.ts';

/** `GET /api/article/category/lst`: the article categories in tab order, `[{article_category_id, title}]`. */
export function listNewsCategories(): NewsCategory[] {
  return NEWS_CATEGORIES.map((c) => ({ article_category_id: c.article_category_id, title: c.title }));
}
