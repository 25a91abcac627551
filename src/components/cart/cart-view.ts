import { convertCents, formatMoney, toYuan } from '../../shared/money.ts';
import { quantityBounds, SKU_SEPARATOR, type QuantityRule } from '../../shared/sku.ts';
import { url } from '../../shared/routes.ts';
import { cartText } from './text.ts';

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

/**
 * A sum of CNY cents amounts shown in the shopper's currency: the sum of the amounts as each is shown, so the figures
 * on the page add up (converting the CNY sum instead can differ from them by a cent).
 */
export function showSum(m: MoneyView, amounts: readonly number[]): string {
  if (m.base)
    return showMoney(
      m,
      amounts.reduce((a, b) => a + b, 0),
    );
  const unit = 10 ** m.digits;
  const minor = amounts.reduce((sum, a) => sum + Math.round(Number(convertCents(a, m.rate, m.digits)) * unit), 0);
  return formatMoney((minor / unit).toFixed(m.digits), m.symbol);
}

/** The charged CNY amount: "¥979.00". */
export const chargedMoney = (amount: number) => formatMoney(toYuan(amount));

/** The SKU's values as the page shows them ("黑色，S"), or 默认 for a single-spec product. */
export const skuLabel = (sku: string) => (sku ? sku.split(SKU_SEPARATOR).join('，') : cartText.defaultSku);

/** The quantity range of a line's stepper: `[max(1, min), min(stock, max)]`. */
export const lineBounds = (line: Pick<LineView, 'rule'>) => quantityBounds(line.rule);

/**
 * Pieces, goods total and savings (original minus price, where higher) of the selected lines, and each selected line's
 * amount and saving (to show sums that add up, `showSum`).
 */
export function cartTotals(
  lines: readonly Pick<LineView, 'cart_id' | 'price' | 'ot'>[],
  qty: Readonly<Record<number, number>>,
  checked: ReadonlySet<number>,
): { pieces: number; total: number; saved: number; amounts: number[]; savings: number[] } {
  let pieces = 0;
  const amounts: number[] = [];
  const savings: number[] = [];
  for (const l of lines) {
    if (!checked.has(l.cart_id)) continue;
    const n = qty[l.cart_id] ?? 0;
    pieces += n;
    amounts.push(l.price * n);
    savings.push(Math.max(0, l.ot - l.price) * n);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return { pieces, total: sum(amounts), saved: sum(savings), amounts, savings };
}

/** The checkout page for these lines (reference `/order_confirm?cartId=<csv>`). */
export const checkoutHref = (ids: readonly number[]) => `${url('orderConfirm')}?cartId=${ids.join(',')}`;
