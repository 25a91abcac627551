/**
 * The article categories of the news pages, in tab order: the one place they are defined. An article's
 * front matter names its category by `title`; URLs and the API use `article_category_id` (`cid`).
 */
export const NEWS_CATEGORIES = [
  { article_category_id: 1, title: '平台公告' },
  { article_category_id: 2, title: '购物指南' },
  { article_category_id: 3, title: '商家动态' },
  { article_category_id: 4, title: '行业资讯' },
] as const;

export type NewsCategoryTitle = (typeof NEWS_CATEGORIES)[number]['title'];

/** `GET /api/article/category/lst` item. */
export interface NewsCategory {
  article_category_id: number;
  title: string;
}

export const CATEGORY_TITLES = NEWS_CATEGORIES.map((c) => c.title) as [NewsCategoryTitle, ...NewsCategoryTitle[]];

export const categoryById = (cid: number): NewsCategory | undefined => NEWS_CATEGORIES.find((c) => c.article_category_id === cid);

export const categoryByTitle = (title: string): NewsCategory | undefined => NEWS_CATEGORIES.find((c) => c.title === title);

/** The cover shown for an article without its own `image` (public/news/category-<cid>.svg). */
export const categoryCover = (cid: number) => `/news/category-${cid}.svg`;
