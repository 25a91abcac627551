import { toArticle, type NewsArticle } from './article.ts';
import { CATEGORY_TITLES } from './categories.ts';

/** Test fixture: 23 articles over the four categories, created one day apart in id order (id 23 newest), files shuffled. */
export function sampleArticles(n = 23): NewsArticle[] {
  const list = Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    return toArticle(
      `article-${id}`,
      {
        id,
        title: `文章${id}`,
        synopsis: `摘要${id}`,
        category: CATEGORY_TITLES[i % CATEGORY_TITLES.length]!,
        create_time: new Date(Date.UTC(2026, 0, 1 + i, 2)),
        recommend: id % 7 === 0,
        ...(id % 2 ? { image: `/news/cover-${id}.svg` } : {}),
      },
      `<h2>正文${id}</h2>`,
    );
  });
  // Files come in any order (the content layer does not sort): odd positions first, then the rest reversed.
  return list.filter((_, i) => i % 2).concat(list.filter((_, i) => !(i % 2)).reverse());
}
