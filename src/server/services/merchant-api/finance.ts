import { and, eq, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import { presellOrder, REFUND_STATUS, refundOrder, storeOrder } from '../../db/schema/index.ts';
import { toYuan } from '../../../shared/money.ts';
import { blank } from '../../../shared/schemas/common.ts';
import { mallDate, now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/** The longest period one statement covers, in days. */
export const FINANCE_MAX_DAYS = 92;
const DAY_MS = 86_400_000;

export const FINANCE_TEXT = {
  date: '日期格式不正确，请使用 YYYY-MM-DD',
  order: '开始日期不能晚于结束日期',
  span: `一次最多查询${FINANCE_MAX_DAYS}天`,
} as const;

const day = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z
    .string({ error: FINANCE_TEXT.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, FINANCE_TEXT.date)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)) && mallDate(new Date(`${s}T00:00:00+08:00`)) === s, FINANCE_TEXT.date)
    .optional(),
);
const financeQuery = z.object({ start_date: day, end_date: day });

/** Money of one mall day (or of the period), yuan strings. */
export interface FinanceFigures {
  /** Orders paid (a deposit presale counts on its deposit's day). */
  order_count: number;
  /** What those orders' payments brought: goods and postage after coupons and points. */
  order_price: string;
  /** Balances of deposit presales paid that day. */
  balance_price: string;
  /** Refund requests that reached refunded that day, and what they give back. */
  refund_count: number;
  refund_price: string;
  /** order_price + balance_price − refund_price. */
  net_price: string;
}

export interface FinanceStatement {
  start_date: string;
  end_date: string;
  total: FinanceFigures;
  /** The days with any payment or refund, newest first. */
  list: (FinanceFigures & { date: string })[];
}

/** A timestamp's mall day as text, in SQL (the mall is at UTC+8; the session's time zone plays no part). */
const mallDay = (c: AnyColumn) => sql<string>`to_char((${c} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * `GET /api/merchant/finance/lst?start_date&end_date` (YYYY-MM-DD, mall days; the last 30 days by default, at most 92):
 * the shop's statement, what its orders brought and its refunds gave back, per day and in total, in the shop's own
 * money (the mall takes no commission here). Payments count on the day they were paid (a deposit presale's deposit and
 * its balance on their own days), refunds on the day they reached refunded, whether or not the gateway has paid them
 * out yet. Read from the orders and refunds themselves, so it always agrees with them.
 */
export async function merchantFinance(ctx: MerchantContext, input: Record<string, unknown> = {}): Promise<FinanceStatement> {
  const { merId } = requireMerchant(ctx);
  const q = parseInput(financeQuery, input);
  const today = mallDate(now());
  const end = q.end_date ?? (q.start_date && q.start_date > today ? q.start_date : today);
  const start = q.start_date ?? mallDate(new Date(Date.parse(`${end}T00:00:00+08:00`) - 29 * DAY_MS));
  const from = new Date(`${start}T00:00:00+08:00`);
  const to = new Date(Date.parse(`${end}T00:00:00+08:00`) + DAY_MS);
  if (from >= to) throw new ServiceError('invalid', FINANCE_TEXT.order);
  if (to.getTime() - from.getTime() > FINANCE_MAX_DAYS * DAY_MS) throw new ServiceError('invalid', FINANCE_TEXT.span);

  const paidDay = mallDay(storeOrder.payTime);
  const balanceDay = mallDay(presellOrder.payTime);
  const refundDay = mallDay(refundOrder.statusTime);
  // A deposit presale's order carries its whole price once the balance is paid: the balance counts on its own day.
  const orders = await ctx.db
    .select({
      day: paidDay,
      n: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${storeOrder.payPrice} - case when ${presellOrder.paid} = 1 then ${presellOrder.payPrice} else 0 end), 0)::bigint`,
    })
    .from(storeOrder)
    .leftJoin(presellOrder, eq(presellOrder.orderId, storeOrder.orderId))
    .where(and(eq(storeOrder.merId, merId), eq(storeOrder.paid, true), gte(storeOrder.payTime, from), lt(storeOrder.payTime, to)))
    .groupBy(paidDay);
  const balances = await ctx.db
    .select({ day: balanceDay, cents: sql<number>`coalesce(sum(${presellOrder.payPrice}), 0)::bigint` })
    .from(presellOrder)
    .where(and(eq(presellOrder.merId, merId), eq(presellOrder.paid, 1), gte(presellOrder.payTime, from), lt(presellOrder.payTime, to)))
    .groupBy(balanceDay);
  const refunds = await ctx.db
    .select({ day: refundDay, n: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${refundOrder.refundPrice}), 0)::bigint` })
    .from(refundOrder)
    .where(
      and(
        eq(refundOrder.merId, merId),
        eq(refundOrder.status, REFUND_STATUS.refunded),
        gte(refundOrder.statusTime, from),
        lt(refundOrder.statusTime, to),
      ),
    )
    .groupBy(refundDay);

  type Sums = { orders: number; orderCents: number; balanceCents: number; refunds: number; refundCents: number };
  const zero = (): Sums => ({ orders: 0, orderCents: 0, balanceCents: 0, refunds: 0, refundCents: 0 });
  const days = new Map<string, Sums>();
  const of = (d: string) => {
    const s = days.get(d) ?? zero();
    days.set(d, s);
    return s;
  };
  for (const r of orders) Object.assign(of(r.day), { orders: Number(r.n), orderCents: Number(r.cents) });
  for (const r of balances) of(r.day).balanceCents = Number(r.cents);
  for (const r of refunds) Object.assign(of(r.day), { refunds: Number(r.n), refundCents: Number(r.cents) });
  const figures = (s: Sums): FinanceFigures => ({
    order_count: s.orders,
    order_price: toYuan(s.orderCents),
    balance_price: toYuan(s.balanceCents),
    refund_count: s.refunds,
    refund_price: toYuan(s.refundCents),
    net_price: toYuan(s.orderCents + s.balanceCents - s.refundCents),
  });
  const total = zero();
  for (const s of days.values()) for (const k of Object.keys(total) as (keyof Sums)[]) total[k] += s[k];
  return {
    start_date: start,
    end_date: end,
    total: figures(total),
    list: [...days.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([date, s]) => ({ date, ...figures(s) })),
  };
}
