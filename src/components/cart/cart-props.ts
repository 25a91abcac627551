import type { CartList } from '../../server/services/cart/list-cart.ts';
import type { Pricing } from '../../server/pricing/pricing.ts';
import { currencyDigits, parseYuan } from '../../shared/money.ts';
import { merchantUrl, url } from '../../shared/routes.ts';
import type { FailView, GroupView, MoneyView } from './cart-view.ts';

// Server side of the cart page: the list and the pricing as the island's props.

const cents = (yuan: string) => parseYuan(yuan) ?? 0;

function productHref(type: number, id: number): string | null {
  if (type === 0) return url('goodsDetail', { id });
  if (type === 1) return url('goodsSeckillDetail', { id });
  return null;
}

/** The cart list of `GET /api/user/cart/lst` as the page's island takes it. */
export function cartView(cart: CartList): { groups: GroupView[]; fail: FailView[] } {
  return {
    groups: cart.list.map((g) => ({
      mer_id: g.mer_id,
      mer_name: g.mer_name,
      href: merchantUrl('store', { id: g.mer_id }),
      is_trader: g.is_trader === 1,
      coupons: g.coupon.length,
      lines: g.list.map((l) => ({
        cart_id: l.cart_id,
        cart_num: l.cart_num,
        product_id: l.product_id,
        product_type: l.product_type,
        name: l.product.store_name,
        image: l.productAttr.image,
        href: productHref(l.product_type, l.product_id),
        sku: l.productAttr.sku,
        price: cents(l.productAttr.price),
        ot: cents(l.productAttr.ot_price),
        unit: l.product.unit_name,
        rule: { stock: l.productAttr.stock, once_min_count: l.product.once_min_count, once_max_count: l.product.once_max_count },
      })),
    })),
    fail: cart.fail.map((l) => ({
      cart_id: l.cart_id,
      cart_num: l.cart_num,
      name: l.product.store_name,
      image: l.productAttr?.image || l.product.image,
      href: l.product.status ? productHref(l.product_type, l.product_id) : null,
      sku: l.productAttr?.sku ?? '',
      reason: l.reason,
    })),
  };
}

/** The page's pricing as the island converts with it. */
export const moneyView = (p: Pricing): MoneyView => ({ symbol: p.symbol, rate: p.rate, digits: currencyDigits(p.currency), base: p.base });
