import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { assertUniqueIds, newsFrontMatter } from './server/services/news/article.ts';

/**
 * Agreement pages edited by marketers as Markdown (src/content/agreements/<type>.md). The file name is the
 * `type` of /privacy_agreement?type=… (spec section 2), e.g. sys_user_agree, sys_userr_privacy.
 */
const agreements = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/agreements' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    updated: z.coerce.date(),
  }),
});

/** The glob loader, then a check that no two files share an `id`: a duplicate fails `astro build`. */
function uniqueNewsIds(inner: Loader): Loader {
  return {
    ...inner,
    name: 'news-glob',
    async load(context) {
      await inner.load(context);
      assertUniqueIds(context.store.values().map((e) => ({ entry: e.id, id: Number(e.data.id) })));
    },
  };
}

/**
 * News articles edited by marketers as Markdown (src/content/news/*.md), shown at /news_list and
 * /news_detail/{id}; front matter in src/server/services/news/article.ts (id, title, synopsis, category,
 * image, create_time, recommend).
 */
const news = defineCollection({
  loader: uniqueNewsIds(glob({ pattern: '*.md', base: './src/content/news' })),
  schema: newsFrontMatter,
});

export const collections = { agreements, news };
