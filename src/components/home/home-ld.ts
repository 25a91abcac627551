import type { ProductCard } from '../../server/services/catalogue/product-card.ts';
import { url } from '../../shared/routes.ts';
import { itemListLd } from '../ui/item-list-ld.ts';

/** The home page's structured data: Organization, WebSite with a SearchAction, and the boutique ItemList. */
export function homeJsonLd(origin: string, site: { site_name: string; site_logo: string } | null, best: ProductCard[]) {
  const abs = (p: string) => new URL(p, origin).href;
  const name = site?.site_name ?? '';
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name,
      url: abs('/'),
      ...(site?.site_logo ? { logo: abs(site.site_logo) } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name,
      url: abs('/'),
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${abs(url('goodsSearch'))}?title={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    itemListLd(
      origin,
      '精品推荐',
      best.map((p) => ({ name: p.store_name, href: url('goodsDetail', { id: p.product_id }), image: p.image })),
    ),
  ];
}
