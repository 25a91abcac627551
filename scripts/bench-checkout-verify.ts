/**
 * After the checkout bench (bench/checkout.mjs): counts what the pay phase did in the database, so exactly-once is
 * checked where it matters. Prints one JSON line: paid group orders, balance payments (ledger rows), gateway
 * payments marked paid, notifications received and what they did, and shoppers whose balance differs from their ledger.
 *   npx tsx scripts/bench-checkout-verify.ts <first group order id>
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { payment, paymentNotification, storeGroupOrder, userBill } from '../src/server/db/schema/index.ts';

const from = Number(process.argv[2] ?? 0);
const database = await openDatabase({ seed: false });
const { db } = database;
const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
const n = sql<number>`count(*)::int`;
const paidOrders = await count(
  db
    .select({ n })
    .from(storeGroupOrder)
    .where(and(gte(storeGroupOrder.groupOrderId, from), eq(storeGroupOrder.paid, true))),
);
// Balance payments of this run's orders only (the demo seed has paid orders of its own): link_id is the group order.
const ledger = await count(
  db
    .select({ n })
    .from(userBill)
    .where(
      and(eq(userBill.type, 'pay_order'), sql`(case when ${userBill.linkId} ~ '^[0-9]+$' then ${userBill.linkId}::bigint end) >= ${from}`),
    ),
);
const gatewayPaid = await count(
  db
    .select({ n })
    .from(payment)
    .where(and(eq(payment.provider, 'sandbox'), eq(payment.status, 'paid'))),
);
const notes = await db.select({ result: paymentNotification.result, n }).from(paymentNotification).groupBy(paymentNotification.result);
const drift = await db.execute(sql`
  select count(*)::int as n from users u
  where u.now_money <> coalesce((select sum(case when b.pm = 1 then b.number else -b.number end) from user_bill b
    where b.uid = u.uid and b.category = 'now_money'), 0)`);
await database.close();
const rows = (drift as unknown as { rows: { n: number }[] }).rows;
console.log(
  JSON.stringify({
    paidOrders,
    ledger,
    gatewayPaid,
    notifications: Object.fromEntries(notes.map((r) => [r.result, r.n])),
    balanceDrift: rows[0]?.n ?? 0,
  }),
);
