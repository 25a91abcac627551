import { z } from 'astro/zod';
import { formatDateTime } from '../dates.ts';
import { CATEGORY_TITLES, categoryByTitle, categoryCover } from './categories.ts';

/**
 * Front matter of a news article (`src/content/news/*.md`), checked by the content collection at build
 * time. `id` is the article_id of `/news_detail/{id}` and must be unique; `create_time` is a YAML date such
 * as `2026-11-20 10:00:00 +08:00` (mall time); `recommend` pins the article to the top of "最新资讯".
 */
export const newsFrontMatter = z.object({
  id: z.number({ error: 'id 必须是数字' }).int('id 必须是正整数').min(1, 'id 必须是正整数').max(2147483647, 'id 过大'),
  title: z.string().trim().min(1, '标题不能为空').max(60, '标题不能超过60个字'),
  synopsis: z.string().trim().min(1, '摘要不能为空').max(160, '摘要不能超过160个字'),
  category: z.enum(CATEGORY_TITLES, { error: `分类必须是以下之一：${CATEGORY_TITLES.join('、')}` }),
  /** A site path: an SVG under public/news/ or a /media picture. */
  image: z
    .string()
    .regex(/^\/(?!\/)\S+$/, '图片必须是站内路径，如 /news/cover.svg')
    .optional(),
  create_time: z.coerce.date({ error: '发布时间格式不正确' }),
  recommend: z.boolean().default(false),
});
export type NewsFrontMatter = z.output<typeof newsFrontMatter>;

/** One article as the news services see it: its front matter, the rendered HTML and its content entry id. */
export interface NewsArticle {
  /** Content-layer entry id (the file name), for `getEntry('news', entry)` and `render()` in pages. */
  entry: string;
  article_id: number;
  cid: number;
  category: string;
  title: string;
  synopsis: string;
  image: string;
  created: Date;
  recommend: boolean;
  html: string;
}

/** `GET /api/article/lst/{cid}` item (reference `/news_list`). */
export interface ArticleListItem {
  article_id: number;
  cid: number;
  title: string;
  synopsis: string;
  image_input: string;
  /** 'YYYY-MM-DD HH:mm:ss' in mall time. */
  create_time: string;
}

export function toArticle(entry: string, data: NewsFrontMatter, html: string): NewsArticle {
  const cid = categoryByTitle(data.category)?.article_category_id ?? 0;
  return {
    entry,
    article_id: data.id,
    cid,
    category: data.category,
    title: data.title,
    synopsis: data.synopsis,
    image: data.image ?? categoryCover(cid),
    created: data.create_time,
    recommend: data.recommend,
    html,
  };
}

export const toListItem = (a: NewsArticle): ArticleListItem => ({
  article_id: a.article_id,
  cid: a.cid,
  title: a.title,
  synopsis: a.synopsis,
  image_input: a.image,
  create_time: formatDateTime(a.created)!,
});

/** Newest first; the same date falls back to the higher id, so the order never depends on file order. */
export const newestFirst = (list: readonly NewsArticle[]) =>
  [...list].sort((a, b) => b.created.getTime() - a.created.getTime() || b.article_id - a.article_id);

/**
 * Refuses two files with the same `id` (a link would open the wrong article): the content loader calls it so
 * the build fails, and the reader calls it again at run time.
 */
export function assertUniqueIds(list: readonly { entry: string; id: number }[]): void {
  const seen = new Map<number, string>();
  for (const { entry, id } of list) {
    const other = seen.get(id);
    if (other !== undefined) throw new Error(`新闻文章 id 重复：${id}（${other}.md 与 ${entry}.md），每篇文章的 id 必须唯一`);
    seen.set(id, entry);
  }
}
