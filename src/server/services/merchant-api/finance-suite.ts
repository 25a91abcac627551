// A shop's statement on a real database: PGlite (finance.test.ts) and PostgreSQL 15 (finance.postgres.test.ts). The
// demo shops already have orders, so each test reads the statement before and after what it does and checks the
// difference.
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { presellOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { newShopper, topUp } from '../../../../tests/helpers/checkout.ts';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { depositOrder, paidOrder } from '../../../../tests/helpers/orders.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';
import { payOrder } from '../payment/pay-order.ts';
import { mallDate } from '../dates.ts';
import { FINANCE_TEXT, merchantFinance, type FinanceFigures, type FinanceStatement } from './finance.ts';

const cents = (yuan: string) => Math.round(Number(yuan) * 100);
const today = () => mallDate(new Date());
/** Today's line in cents (zeros when the day has none yet). */
const todayOf = (s: FinanceStatement) => {
  const line: FinanceFigures | undefined = s.list.find((x) => x.date === today());
  return {
    orders: line?.order_count ?? 0,
    order: cents(line?.order_price ?? '0'),
    balance: cents(line?.balance_price ?? '0'),
    refunds: line?.refund_count ?? 0,
    refund: cents(line?.refund_price ?? '0'),
    net: cents(line?.net_price ?? '0'),
  };
};

export function financeSuite(open: () => Promise<Database>) {
  describe("a shop's statement", () => {
    it("shows today's paid order and refund on today's line and in the totals, to the cent", async () => {
      const d = await open();
      const MER = 6;
      const m = await asMerchant(d, MER);
      const before = await merchantFinance(m, {});
      const otherBefore = await merchantFinance(await asMerchant(d, MER + 1), {});
      expect(before.end_date).toBe(today());
      const s = await newShopper(d);
      const { orderIds, cents: paid } = await paidOrder(d, s, [MER], 2);
      const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderIds[0]!));
      const r = await refundRequestForTest(d, s, orderIds[0]!, [{ orderProductId: item!.orderProductId, num: 1 }], 1, 150);
      await approveMerchantRefund(m, { id: r.refundOrderId });

      const after = await merchantFinance(m, {});
      const [b, a] = [todayOf(before), todayOf(after)];
      expect(a.orders - b.orders).toBe(1);
      expect(a.order - b.order).toBe(paid);
      expect(a.refunds - b.refunds).toBe(1);
      expect(a.refund - b.refund).toBe(150);
      expect(a.net - b.net).toBe(paid - 150);
      expect(cents(after.total.net_price) - cents(before.total.net_price)).toBe(paid - 150);
      // The totals are the sum of the days.
      const sum = (k: 'order_price' | 'refund_price' | 'net_price') => after.list.reduce((n, x) => n + cents(x[k]), 0);
      expect(cents(after.total.order_price)).toBe(sum('order_price'));
      expect(cents(after.total.refund_price)).toBe(sum('refund_price'));
      expect(cents(after.total.net_price)).toBe(sum('net_price'));
      // Another shop's statement does not move.
      expect((await merchantFinance(await asMerchant(d, MER + 1), {})).total).toEqual(otherBefore.total);
    });

    it("counts a deposit presale's deposit and balance once each, on the days they were paid", async () => {
      const d = await open();
      const s = await newShopper(d);
      const hour = 3600_000;
      const { orderId } = await depositOrder(d, s, { start: new Date(Date.now() - hour), end: new Date(Date.now() + hour) });
      const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
      const m = await asMerchant(d, po!.merId);
      const before = todayOf(await merchantFinance(m, {}));
      await topUp(d, s.user.uid, po!.payPrice);
      await payOrder(s, { id: orderId, subject: 'presell', type: 'balance' });
      const after = todayOf(await merchantFinance(m, {}));
      // The order (its deposit) was counted when the deposit was paid; the balance adds its own amount, not the whole price again.
      expect(after.orders - before.orders).toBe(0);
      expect(after.order - before.order).toBe(0);
      expect(after.balance - before.balance).toBe(po!.payPrice);
      expect(after.net - before.net).toBe(po!.payPrice);
    });

    it('takes a period of mall days and refuses a bad one', async () => {
      const d = await open();
      const m = await asMerchant(d, 6);
      const week = await merchantFinance(m, { start_date: '2026-01-01', end_date: '2026-01-07' });
      expect(week).toMatchObject({ start_date: '2026-01-01', end_date: '2026-01-07' });
      expect(week.list.every((x) => x.date >= '2026-01-01' && x.date <= '2026-01-07')).toBe(true);
      const dflt = await merchantFinance(m, {});
      expect(Date.parse(dflt.end_date) - Date.parse(dflt.start_date)).toBe(29 * 86_400_000);
      for (const [q, message] of [
        [{ start_date: '2026-13-01' }, FINANCE_TEXT.date],
        [{ start_date: '2026-02-30' }, FINANCE_TEXT.date],
        [{ end_date: '20260101' }, FINANCE_TEXT.date],
        [{ start_date: ['2026-01-01'] }, FINANCE_TEXT.date],
        [{ start_date: '2026-02-01', end_date: '2026-01-01' }, FINANCE_TEXT.order],
        [{ start_date: '2026-01-01', end_date: '2026-06-01' }, FINANCE_TEXT.span],
      ] as const) {
        await expect(merchantFinance(m, q as Record<string, unknown>), JSON.stringify(q)).rejects.toMatchObject({ status: 400, message });
      }
    });
  });
}
