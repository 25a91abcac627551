import type { ArticleDetail } from '../../server/services/news/get-article.ts';

/** Mall time 'YYYY-MM-DD HH:mm:ss' → ISO 8601 with the +08:00 offset search engines expect. */
export const isoMallTime = (t: string) => `${t.replace(' ', 'T')}+08:00`;

/** schema.org NewsArticle of `/news_detail/{id}`: headline, dates, cover, section and the mall as publisher. */
export function newsArticleLd(a: ArticleDetail, o: { url: string; origin: string; site: { site_name: string; site_logo: string } | null }) {
  const abs = (p: string) => new URL(p, o.origin).href;
  const publisher = {
    '@type': 'Organization',
    name: o.site?.site_name || 'Mallfront 商城',
    url: abs('/'),
    ...(o.site?.site_logo ? { logo: { '@type': 'ImageObject', url: abs(o.site.site_logo) } } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: a.title,
    description: a.synopsis,
    image: [abs(a.image_input)],
    datePublished: isoMallTime(a.create_time),
    dateModified: isoMallTime(a.create_time),
    articleSection: a.category.title,
    inLanguage: 'zh-CN',
    mainEntityOfPage: { '@type': 'WebPage', '@id': o.url },
    url: o.url,
    author: publisher,
    publisher,
  };
}
