import type { ProductDetail } from '../../server/services/catalogue/product-detail.ts';
import type { Pricing } from '../../server/pricing/pricing.ts';

/** The SKU map as the buy box shows it: prices already in the shopper's currency, the charged CNY beside. */
export function buySkus(p: ProductDetail, pricing: Pricing) {
  return Object.fromEntries(
    Object.entries(p.sku).map(([k, s]) => [
      k,
      {
        stock: s.stock,
        unique: s.unique,
        image: s.image || p.image,
        price: pricing.show(s.price),
        ot: Number(s.ot_price) > Number(s.price) ? pricing.show(s.ot_price) : '',
        charged: pricing.base ? '' : pricing.charged(s.price),
        down: Number(s.down_price) > 0 ? pricing.show(s.down_price) : '',
      },
    ]),
  );
}
