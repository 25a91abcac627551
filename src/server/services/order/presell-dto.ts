import type { presell, presellOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime, unix } from '../dates.ts';
import { presellFields } from '../promotion/get-presell-detail.ts';

/**
 * The balance half of a presale deposit order. `activeStatus` is its window now: 0 not started, 1 payable, 2 closed
 * (past the window, or closed unpaid); `paid` 1 once the balance is paid. Amounts in yuan. Before the deposit is paid
 * (the unpaid order pages) it is the balance as it will be: `presell_order_sn` '' and `paid` 0.
 */
export interface PresellOrderDto {
  presell_order_sn: string;
  /** The balance. */
  pay_price: string;
  /** The deposit paid with the order (to be paid, on an unpaid order). */
  deposit_price: string;
  final_start_time: string;
  final_end_time: string;
  /** Unix seconds of the window (countdowns). */
  final_start_unix: number;
  final_end_unix: number;
  activeStatus: 0 | 1 | 2;
  paid: 0 | 1;
  pay_time: string | null;
}

/**
 * A presale line's presale (CRMEB's `cart_info.productPresell`, which its clients read `presell_type` from): the
 * presale detail's fields (`presellFields`), as checkout's `productPresell` has them.
 */
export type LinePresellDto = ReturnType<typeof presellFields>;

/**
 * A presale line's unit prices as ordered (CRMEB's `cart_info.productPresellAttr`): the presale price, the deposit
 * (0.00 for a full-payment presale) and what is left after it.
 */
export interface LinePresellAttrDto {
  presell_price: string;
  down_price: string;
  final_price: string;
}

type PresellRow = typeof presell.$inferSelect;
type PresellOrderRow = typeof presellOrder.$inferSelect;
type ItemRow = typeof storeOrderProduct.$inferSelect;

/** The window state of a presale balance at `at`. */
export function presellActiveStatus(po: Pick<PresellOrderRow, 'status' | 'finalStartTime' | 'finalEndTime'>, at: Date): 0 | 1 | 2 {
  if (po.status !== 1 || at >= po.finalEndTime) return 2;
  return at < po.finalStartTime ? 0 : 1;
}

/**
 * `orderPayCents`: the store order's `pay_price`, which takes in the balance once it is paid. `po` is the recorded
 * balance, or the one paying the deposit will record (`pendingPresellDto`).
 */
export function presellDto(
  po: Pick<PresellOrderRow, 'presellOrderSn' | 'payPrice' | 'paid' | 'status' | 'finalStartTime' | 'finalEndTime' | 'payTime'>,
  orderPayCents: number,
  at: Date,
): PresellOrderDto {
  return {
    presell_order_sn: po.presellOrderSn,
    pay_price: toYuan(po.payPrice),
    deposit_price: toYuan(po.paid ? orderPayCents - po.payPrice : orderPayCents),
    final_start_time: formatDateTime(po.finalStartTime)!,
    final_end_time: formatDateTime(po.finalEndTime)!,
    final_start_unix: unix(po.finalStartTime),
    final_end_unix: unix(po.finalEndTime),
    activeStatus: presellActiveStatus(po, at),
    paid: po.paid ? 1 : 0,
    pay_time: formatDateTime(po.payTime),
  };
}

/** A line of a presale order (`product_type` 2) with its presale's terms: `productPresell` and `productPresellAttr`. */
export function linePresell(
  i: ItemRow,
  pr: PresellRow,
  at: Date,
): { productPresell: LinePresellDto; productPresellAttr: LinePresellAttrDto } {
  const down = pr.presellType === 2 ? i.snapshot.down_price : 0;
  return {
    productPresell: presellFields(pr, at),
    productPresellAttr: {
      presell_price: toYuan(i.snapshot.price),
      down_price: toYuan(down),
      final_price: toYuan(Math.max(0, i.snapshot.price - down)),
    },
  };
}

/**
 * A deposit-presale line's balance (cents): what it costs after its discounts, less the deposit paid for its units now,
 * and its postage, which the deposit did not pay (price-order.ts).
 */
export const balanceAfterDeposit = (costCents: number, depositPerUnit: number, num: number, postageCents: number): number =>
  Math.max(0, costCents - depositPerUnit * num) + postageCents;

/**
 * The balance (cents) of a deposit-presale order line (`balanceAfterDeposit`; its postage is 0 on orders placed before
 * postage was charged with the balance).
 */
export const lineBalance = (
  i: Pick<ItemRow, 'totalPrice' | 'couponPrice' | 'svipDiscount' | 'integralPrice' | 'snapshot' | 'productNum' | 'postagePrice'>,
) =>
  balanceAfterDeposit(i.totalPrice - i.couponPrice - i.svipDiscount - i.integralPrice, i.snapshot.down_price, i.productNum, i.postagePrice);

/** Whether an order line's presale takes a deposit and a balance (`depositTerms`' lines). */
export const isDepositLine = (pr: PresellRow | null): pr is PresellRow => pr?.presellType === 2 && !!pr.finalStartTime && !!pr.finalEndTime;

/**
 * A deposit presale order's balance (cents) and payment window, from its lines and their presales: what its
 * deposit-presale lines cost after their discounts, less the deposit, and their postage. Null when it has no such line (not a presale, or a
 * full-payment one). Paying the deposit records it (payment/settle.ts); the unpaid order pages show it beforehand.
 */
export function depositTerms(lines: readonly { i: ItemRow; pr: PresellRow | null }[]): { balance: number; start: Date; end: Date } | null {
  const deposit = lines.filter(({ pr }) => isDepositLine(pr));
  const first = deposit[0]?.pr;
  if (!first) return null;
  const balance = deposit.reduce((a, { i }) => a + lineBalance(i), 0);
  return { balance, start: first.finalStartTime!, end: first.finalEndTime! };
}

/**
 * The balance a store order not yet paid will owe once its deposit is paid (`depositTerms`), as paying will record
 * it; null when it will owe none. `depositCents` is the store order's `pay_price` (the deposit; its postage comes with the balance).
 */
export function pendingPresellDto(
  lines: readonly { i: ItemRow; pr: PresellRow | null }[],
  depositCents: number,
  at: Date,
): PresellOrderDto | null {
  const terms = depositTerms(lines);
  if (!terms) return null;
  const pending = { presellOrderSn: '', payPrice: terms.balance, paid: 0, status: 1, payTime: null };
  return presellDto({ ...pending, finalStartTime: terms.start, finalEndTime: terms.end }, depositCents, at);
}
