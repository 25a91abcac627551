import { defaultSelection, resolveSku } from '../../shared/sku.ts';
import type { ProductDetail } from '../../server/services/catalogue/product-detail.ts';

/**
 * schema.org Product for a product page: the Offer carries the charged CNY price of the default selection
 * (what the buy box shows first), its availability, and AggregateRating when there are reviews. A presale that runs
 * or is still to start is a pre-order (from its start, `preorderFrom`, Unix ms); one that ended is out of stock.
 */
export function productLd(
  p: ProductDetail,
  o: { url: string; origin: string; reviewCount: number; star: number; available?: boolean; preorderFrom?: number },
) {
  const sku = resolveSku(p.attr, p.sku, defaultSelection(p.attr, p.sku));
  const stocked = (sku?.stock ?? 0) > 0;
  const inStock = (o.available ?? true) && stocked;
  const preorder = o.preorderFrom !== undefined && stocked;
  const availability = preorder ? 'PreOrder' : inStock ? 'InStock' : 'OutOfStock';
  const starts = preorder && o.preorderFrom! > Date.now() ? { availabilityStarts: new Date(o.preorderFrom!).toISOString() } : {};
  const abs = (src: string) => new URL(src, o.origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.store_name,
    image: [...new Set([p.image, ...p.slider_image].filter(Boolean))].map(abs),
    description: p.store_info || p.store_name,
    ...(sku?.unique ? { sku: sku.unique } : {}),
    ...(p.brand_name ? { brand: { '@type': 'Brand', name: p.brand_name } } : {}),
    ...(sku?.bar_code?.length === 13 ? { gtin13: sku.bar_code } : {}),
    offers: {
      '@type': 'Offer',
      url: o.url,
      price: sku?.price ?? p.price,
      priceCurrency: 'CNY',
      availability: `https://schema.org/${availability}`,
      ...starts,
      seller: { '@type': 'Organization', name: p.merchant.mer_name },
    },
    ...(o.reviewCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: o.star, reviewCount: o.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
