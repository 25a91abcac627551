import { convertCents, formatMoney, toYuan } from '../../shared/money.ts';
import { quantityBounds, skuText, type QuantityRule } from '../../shared/sku.ts';
import { url } from '../../shared/routes.ts';

// Pure helpers of the cart page's island (src/components/cart/CartView.tsx): view types, money, totals.

/** A buyable cart line as the cart page shows it (money in CNY cents; the island converts for display). */
export interface LineView {
  cart_id: number;
  cart_num: number;
  product_id: number;
  product_type: number;
  name: string;
  image: string;
  /** The product page, or null when there is none to link (presales are linked by their presell id). */
  href: string | null;
  /** SKU values, '' for a single-spec product. */
  sku: string;
  price: number;
  ot: number;
  unit: string;
  rule: QuantityRule;
}

export interface GroupView {
  mer_id: number;
  mer_name: string;
  href: string;
  is_trader: boolean;
  /** Claimable coupons (the popover `cart-coupons-<mer_id>` lists them). */
  coupons: number;
  lines: LineView[];
}

export interface FailView {
  cart_id: number;
  cart_num: number;
  name: string;
  image: string;
  href: string | null;
  sku: string;
  reason: string;
}

/** How the page shows money: the shopper's currency (display only) beside the charged CNY. */
export interface MoneyView {
  symbol: string;
  rate: string;
  digits: number;
  /** True when the shopper's currency is CNY. */
  base: boolean;
}

/** An amount of CNY cents in the shopper's currency: "¥979.00", "$135.10". */
export function showMoney(m: MoneyView, amount: number): string {
  return m.base ? formatMoney(toYuan(amount)) : formatMoney(convertCents(amount, m.rate, m.digits), m.symbol);
}

/** The charged CNY amount: "¥979.00". */
export const chargedMoney = (amount: number) => formatMoney(toYuan(amount));

/** The SKU's values as the page shows them ("黑色，S"), or 默认 for a single-spec product. */
export const skuLabel = skuText;

/** The quantity range of a line's stepper: `[max(1, min), min(stock, max)]`. */
export const lineBounds = (line: Pick<LineView, 'rule'>) => quantityBounds(line.rule);

/** Pieces, goods total and savings (original minus price, where higher) of the selected lines. */
export function cartTotals(
  lines: readonly Pick<LineView, 'cart_id' | 'price' | 'ot'>[],
  qty: Readonly<Record<number, number>>,
  checked: ReadonlySet<number>,
): { pieces: number; total: number; saved: number } {
  let pieces = 0;
  let total = 0;
  let saved = 0;
  for (const l of lines) {
    if (!checked.has(l.cart_id)) continue;
    const n = qty[l.cart_id] ?? 0;
    pieces += n;
    total += l.price * n;
    saved += Math.max(0, l.ot - l.price) * n;
  }
  return { pieces, total, saved };
}

/** The checkout page for these lines (reference `/order_confirm?cartId=<csv>`). */
export const checkoutHref = (ids: readonly number[]) => `${url('orderConfirm')}?cartId=${ids.join(',')}`;
