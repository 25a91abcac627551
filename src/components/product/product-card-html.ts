import { url } from '../../shared/routes.ts';
import { escapeHtml as e } from '../../shared/escape-html.ts';
import { priceTitle, type Pricing } from '../../server/pricing/pricing.ts';

export interface CardProduct {
  product_id: number;
  store_name: string;
  image: string;
  price: string;
  ot_price?: string;
  sales?: number;
  /** The sales' unit (件, 个…), after the count. */
  unit_name?: string;
  /** The product's rating out of 5 (0: not rated yet). */
  rate?: number;
  /** 1: shipped free (shown where the list asks for it, `details`). */
  delivery_free?: number;
  issetCoupon?: boolean;
  merchant?: { mer_name: string; is_trader: number; type_name?: string } | null;
  /** An activity frame over the picture (the reference's `border_pic`), or ''. */
  border_pic?: string;
}

export interface CardOptions {
  /** A card above the fold: its picture loads at once, with high priority. */
  eager?: boolean;
  /** Overrides the link (flash-sale and presale cards link to their own detail pages). */
  href?: string;
  /** Heading level of the name inside lists (default h3). */
  headingLevel?: 2 | 3 | 4;
  /** Also the 包邮 tag and the shop's type beside its name (the reference's coupon-products list). */
  details?: boolean;
}

const price = (pricing: Pricing, value: string, tag: 'span' | 'del', cls: string) => {
  const title = priceTitle(pricing, value);
  return `<${tag} class="price ${cls}"${title === undefined ? '' : ` title="${e(title)}"`} data-price>${e(pricing.show(value))}</${tag}>`;
};

/**
 * A card picture with its activity frame laid over it (a decorative picture of the same size), or the picture alone:
 * cards without a frame keep their markup.
 */
export function framed(img: string, borderPic: string | undefined, eager = false): string {
  if (!borderPic) return img;
  return `<span class="card__framed">${img}<img class="card__frame" src="${e(borderPic)}" alt="" width="220" height="220" loading="${eager ? 'eager' : 'lazy'}" decoding="async"></span>`;
}

/**
 * The product card of every list (reference section 1) as HTML, with its prices as ui/Price.astro writes them (same
 * markup). A list page renders dozens of cards, and each Astro component instance costs more than its markup, so lists
 * put this string in (ProductGrid.astro) and ProductCard.astro is this function for the others.
 */
export function productCardHtml(
  p: CardProduct,
  pricing: Pricing,
  { eager = false, href, headingLevel = 3, details = false }: CardOptions = {},
): string {
  const h = `h${headingLevel}`;
  const showOt = p.ot_price && Number(p.ot_price) > Number(p.price);
  const tags =
    (p.issetCoupon ? '<span class="tag tag--coupon">券</span>' : '') +
    (p.merchant?.is_trader === 1 ? '<span class="tag tag--self">自营</span>' : '') +
    (details && p.delivery_free === 1 ? '<span class="tag tag--free">包邮</span>' : '');
  const counts =
    (p.sales !== undefined ? `<span class="card__sales">已售 ${p.sales}${e(p.unit_name ?? '')}</span>` : '') +
    (p.rate ? `<span class="card__rate" title="商品评分（满分5分）">${Number(p.rate.toFixed(1))}分</span>` : '');
  const type = details && p.merchant?.type_name ? ` <span class="card__type">${e(p.merchant.type_name)}</span>` : '';
  return (
    `<article class="card"><a class="card__link" href="${e(href ?? url('goodsDetail', { id: p.product_id }))}">` +
    framed(
      `<img class="card__img" src="${e(p.image)}" alt="${e(p.store_name)}" width="220" height="220" loading="${eager ? 'eager' : 'lazy'}" decoding="async"${eager ? ' fetchpriority="high"' : ''}>`,
      p.border_pic,
      eager,
    ) +
    `<div class="card__price">${price(pricing, p.price, 'span', 'card__now')}${showOt ? price(pricing, p.ot_price!, 'del', 'card__ot') : ''}</div>` +
    `<${h} class="card__name">${e(p.store_name)}</${h}></a>` +
    `<div class="card__meta">${tags}${counts}</div>` +
    `${p.merchant ? `<p class="card__shop">${e(p.merchant.mer_name)}${type}</p>` : ''}</article>`
  );
}
