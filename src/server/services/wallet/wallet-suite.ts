// The wallet on a real database: run on PGlite (wallet.test.ts) and on PostgreSQL 15 (wallet.postgres.test.ts).
// Each test makes its own shoppers and orders and asserts on them only; a test that changes a setting puts it back.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, storeOrder, storeOrderProduct, systemConfig, userBill, users } from '../../db/schema/index.ts';
import { addLine, newShopper, pickSku, placeOrder, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { paidOrder, shipForTest } from '../../../../tests/helpers/orders.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { appJobs } from '../../jobs/registry.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import type { MerchantContext } from '../merchant-api/context.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';
import { adjustBalance } from '../operator/adjust-balance.ts';
import { cancelOrder } from '../order/cancel-order.ts';
import { afterSaleSettings, pointsFor } from '../order/order-rules.ts';
import { receiveOrder } from '../order/receive-order.ts';
import { payOrder } from '../payment/pay-order.ts';
import { getUser } from '../user/get-user.ts';
import { ServiceError } from '../errors.ts';
import { formatDateTime } from '../dates.ts';
import { changeWallet, INTEGRAL_VALID_DAYS, WALLET_TEXT, type WalletCategory } from './change-wallet.ts';
import { expirePoints, expirePointsJob } from './expire-points.ts';
import { getIntegralInfo, INTEGRAL_TEXT } from './get-integral.ts';
import { listBills } from './list-bills.ts';
import { listIntegral } from './list-integral.ts';

const DAY = 86_400_000;
let seq = 0;
const key = (what: string) => `${what}-${process.pid}-${Date.now()}-${++seq}`;

/** An order's receipt earns `n` points for shopper `uid`, and a refund of its items takes them back, as refund-money.ts does. */
async function earnedThenTakenBack(d: Database, uid: number, n: number) {
  const link = key('order');
  await changeWallet(d.db, { uid, category: 'integral', type: 'order_give', pm: 1, number: n, linkId: link, title: '确认收货赠送积分' });
  await changeWallet(d.db, {
    uid,
    category: 'integral',
    type: 'refund_give_back',
    pm: 0,
    number: n,
    upToBalance: true,
    linkId: key('refund'),
    undoes: { type: 'order_give', linkId: link },
    title: '退款扣回赠送积分',
  });
}

async function setSetting(d: Database, k: string, value: unknown) {
  await d.db.insert(systemConfig).values({ key: k, value }).onConflictDoUpdate({ target: systemConfig.key, set: { value } });
}

async function asMerchant(d: Database, merId: number): Promise<MerchantContext> {
  const ip = `198.51.100.${++seq}-${process.pid}-${Date.now()}`;
  return { db: d.db, merchant: await authenticateMerchant({ db: d.db, user: null, ip }, `Bearer ${demoMerchantToken(merId)}`) };
}

/** The stored figure, the ledger's income − expense, and the last row's `balance` (by bill id). */
async function books(d: Database, uid: number, category: WalletCategory) {
  const [[u], [sum], [last]] = await Promise.all([
    d.db.select({ money: users.nowMoney, points: users.integral }).from(users).where(eq(users.uid, uid)),
    d.db
      .select({ n: sql<string>`coalesce(sum(case when ${userBill.pm} = 1 then ${userBill.number} else -${userBill.number} end), 0)` })
      .from(userBill)
      .where(and(eq(userBill.uid, uid), eq(userBill.category, category))),
    d.db
      .select({ balance: userBill.balance })
      .from(userBill)
      .where(and(eq(userBill.uid, uid), eq(userBill.category, category)))
      .orderBy(desc(userBill.billId))
      .limit(1),
  ]);
  return { stored: category === 'now_money' ? u!.money : u!.points, ledger: Number(sum!.n), last: last?.balance ?? 0 };
}

/** What the shopper's points lots have unspent, in all. */
async function unspentLots(d: Database, uid: number) {
  const [r] = await d.db
    .select({ n: sql<number>`coalesce(sum(${userBill.unspent}), 0)::int` })
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, 'integral'), eq(userBill.pm, 1)));
  return r!.n;
}

/** Both figures equal their ledger and its last row; the points equal what the shopper's lots have unspent. */
async function expectBooksBalance(d: Database, uid: number) {
  for (const c of ['now_money', 'integral'] as const) {
    const b = await books(d, uid, c);
    expect({ uid, c, ledger: b.ledger, last: b.last }).toEqual({ uid, c, ledger: b.stored, last: b.stored });
    if (c === 'integral') expect({ uid, lots: await unspentLots(d, uid) }).toEqual({ uid, lots: b.stored });
  }
}

const rowsOf = (d: Database, uid: number, category: WalletCategory) =>
  d.db
    .select()
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, category)))
    .orderBy(asc(userBill.billId));

/** Points given the way the seed and the operator give them: through the wallet helper. */
const givePoints = (d: Database, uid: number, n: number, at?: Date) =>
  changeWallet(d.db, { uid, category: 'integral', type: 'system_add', pm: 1, number: n, linkId: key('gift'), title: '系统增加积分', at });

async function storeOrderOf(d: Database, groupOrderId: number) {
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, groupOrderId));
  return o!;
}

/** A full refund (refund only) of a paid store order, approved by its merchant: the money goes back at once. */
async function refundAll(d: Database, s: Shopper, o: typeof storeOrder.$inferSelect) {
  const items = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, o.orderId));
  const r = await refundRequestForTest(
    d,
    s,
    o.orderId,
    items.map((i) => ({ orderProductId: i.orderProductId, num: i.productNum })),
    1,
    o.payPrice,
  );
  await approveMerchantRefund(await asMerchant(d, o.merId), { id: r.refundOrderId });
  return r;
}

export function walletSuite(getDb: () => Promise<Database>) {
  let d: Database;
  const fresh = async () => {
    d = await getDb();
    return d;
  };
  afterEach(async () => {
    if (d) await setSetting(d, INTEGRAL_VALID_DAYS, 0);
  });
  /** The `integral.expire` jobs of these points lots. */
  const expireJobs = (d: Database, billIds: number[]) =>
    d.db
      .select()
      .from(job)
      .where(
        and(
          eq(job.kind, 'integral.expire'),
          sql`${job.key} in (${sql.join(
            billIds.map((i) => sql`${String(i)}`),
            sql`, `,
          )})`,
        ),
      );

  describe('changeWallet: the one way a balance or points figure changes', () => {
    it('writes one row with the resulting balance; a repeat changes nothing and says duplicate', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const uid = s.user.uid;
      const link = key('once');
      const first = await changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'system_add',
        pm: 1,
        number: 120,
        linkId: link,
        title: '系统增加积分',
      });
      expect(first).toMatchObject({ status: 'applied', balance: 120, number: 120 });
      const again = await changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'system_add',
        pm: 1,
        number: 120,
        linkId: link,
        title: '系统增加积分',
      });
      expect(again).toEqual({ status: 'duplicate', billId: first.billId, balance: 120, number: 0 });
      const rows = await rowsOf(d, uid, 'integral');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ pm: 1, number: 120, balance: 120, type: 'system_add', linkId: link });
      await expectBooksBalance(d, uid);
    });

    it('never takes a figure below 0: 余额不足 / 积分不足, and nothing is written', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const uid = s.user.uid;
      await givePoints(d, uid, 50);
      await expect(
        changeWallet(d.db, {
          uid,
          category: 'integral',
          type: 'deduction',
          pm: 0,
          number: 51,
          linkId: key('x'),
          title: '购买商品使用积分',
        }),
      ).rejects.toMatchObject({ code: 'refused', message: WALLET_TEXT.pointsShort });
      await expect(
        changeWallet(d.db, { uid, category: 'now_money', type: 'pay_order', pm: 0, number: 1, linkId: key('x'), title: '购买商品' }),
      ).rejects.toMatchObject({ code: 'refused', message: WALLET_TEXT.moneyShort });
      expect(await rowsOf(d, uid, 'integral')).toHaveLength(1);
      expect(await rowsOf(d, uid, 'now_money')).toHaveLength(0);
      await expectBooksBalance(d, uid);
    });

    it('five identical expenses at once take the points once', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const uid = s.user.uid;
      await givePoints(d, uid, 100);
      const link = key('race');
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          changeWallet(d.db, { uid, category: 'integral', type: 'deduction', pm: 0, number: 30, linkId: link, title: '购买商品使用积分' }),
        ),
      );
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(4);
      expect((await books(d, uid, 'integral')).stored).toBe(70);
      await expectBooksBalance(d, uid);
    });
  });

  describe('GET /api/user/bill and the /api/user sums', () => {
    it('lists only the shopper’s balance rows, newest first, by tab, with their month; paging is bounded', async () => {
      const d = await fresh();
      const a = await newShopper(d);
      const b = await newShopper(d);
      const sku = await pickSku(d, { merId: 1 });
      const { order } = await placeOrder(a, [await addLine(a, sku, 1)]);
      const topped = (Number(order.pay_price) + 300).toFixed(2);
      await adjustBalance(d.db, { uid: a.user.uid, number: topped, pm: 1, mark: '测试充值', key: key('op') });
      await adjustBalance(d.db, { uid: b.user.uid, number: '99', pm: 1, mark: '测试充值', key: key('op') });
      await payOrder(a, { id: order.order_id, type: 'balance' });

      const all = await listBills(a, { type: '0' });
      expect(all.count).toBe(2);
      expect(all.list.map((r) => [r.pm, r.title])).toEqual([
        [0, '购买商品'],
        [1, '系统增加余额'],
      ]);
      expect(all.list[0]).toMatchObject({ number: order.pay_price, balance: '300.00', status: 1 });
      expect(all.list[1]).toMatchObject({ number: topped, balance: topped, mark: '测试充值' });
      for (const r of all.list) expect(r.time).toBe(r.create_time.slice(0, 7));
      expect(all.list[0]!.time).toMatch(/^\d{4}-\d{2}$/);

      expect((await listBills(a, { type: 1 })).list.map((r) => r.title)).toEqual(['购买商品']);
      expect((await listBills(a, { type: '2' })).list.map((r) => r.title)).toEqual(['系统增加余额']);
      expect(await listBills(a, { limit: 1, page: 2 })).toMatchObject({ count: 2, list: [{ title: '系统增加余额' }] });

      const theirs = await listBills(b, {});
      expect(theirs.count).toBe(1);
      expect(theirs.list[0]).toMatchObject({ number: '99.00' });
      expect(all.list.map((r) => r.bill_id)).not.toContain(theirs.list[0]!.bill_id);

      await expect(listBills(a, { type: '3' })).rejects.toMatchObject({ code: 'invalid', message: '类型格式不正确' });
      await expect(listBills(a, { limit: '101' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(listBills({ db: d.db, user: null }, {})).rejects.toMatchObject({ code: 'login_required' });
    });

    it('total_recharge sums operator top-ups; total_consume is spent on orders net of refunds to the balance', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const uid = s.user.uid;
      const sku = await pickSku(d, { merId: 1 });
      const { order } = await placeOrder(s, [await addLine(s, sku, 1)]);
      const paid = Math.round(Number(order.pay_price) * 100);
      const topped = paid + 50000;
      await adjustBalance(d.db, { uid, number: (topped / 100).toFixed(2), pm: 1, mark: '充值', key: key('op') });
      await adjustBalance(d.db, { uid, number: '20', pm: 0, mark: '扣减', key: key('op') });
      await payOrder(s, { id: order.order_id, type: 'balance' });
      expect(await getUser(s)).toMatchObject({
        total_recharge: (topped / 100).toFixed(2),
        total_consume: order.pay_price,
        now_money: '480.00',
      });
      await refundAll(d, s, await storeOrderOf(d, order.order_id));
      expect(await getUser(s)).toMatchObject({
        total_recharge: (topped / 100).toFixed(2),
        total_consume: '0.00',
        now_money: ((topped - 2000) / 100).toFixed(2),
      });
      await expectBooksBalance(d, uid);
    });
  });

  describe('GET /api/user/integral/info and /lst', () => {
    it('frozen points until receipt, then earned; used points and points given back; only the shopper’s rows', async () => {
      const d = await fresh();
      const { givePerYuan } = await afterSaleSettings(d.db);
      const s = await newShopper(d);
      const other = await newShopper(d);
      await givePoints(d, other.user.uid, 77);
      const p = await paidOrder(d, s);
      const o = await storeOrderOf(d, p.groupOrderId);
      const points = pointsFor(o.payPrice, givePerYuan);
      expect(points).toBeGreaterThan(0);
      expect(await getIntegralInfo(s)).toEqual({
        integral: 0,
        totalGainIntegral: 0,
        deductionIntegral: 0,
        lockIntegral: points,
        validDays: 0,
        expireIntegral: 0,
        expireTime: null,
      });

      await shipForTest(d, o.orderId);
      expect((await getIntegralInfo(s)).lockIntegral).toBe(points);
      expect(await receiveOrder(d.db, o.orderId, { uid: s.user.uid })).toBe(true);
      expect(await getIntegralInfo(s)).toEqual({
        integral: points,
        totalGainIntegral: points,
        deductionIntegral: 0,
        lockIntegral: 0,
        validDays: 0,
        expireIntegral: 0,
        expireTime: null,
      });
      const lst = await listIntegral(s, {});
      expect(lst).toMatchObject({ count: 1, list: [{ pm: 1, title: '确认收货赠送积分', number: points, balance: points, status: 1 }] });
      expect(lst.list[0]!.mark).toContain(o.orderSn);

      // Points used on an order, then given back when it is cancelled: used goes back to 0, gained stays.
      await givePoints(d, s.user.uid, 5000);
      const sku = await pickSku(d, { merId: 1 });
      const { order, check } = await placeOrder(s, [await addLine(s, sku, 1)], { use_integral: true });
      const used = check.order_total_integral ?? 0;
      const info = await getIntegralInfo(s);
      expect(info.integral).toBe(info.totalGainIntegral - info.deductionIntegral);
      if (used > 0) expect(info.deductionIntegral).toBe(used);
      await cancelOrder(s, { id: order.order_id });
      const after = await getIntegralInfo(s);
      expect(after).toMatchObject({ integral: points + 5000, totalGainIntegral: points + 5000, deductionIntegral: 0 });

      // Points a receipt gave, taken back by a refund of its items: no longer gained, and never used.
      await earnedThenTakenBack(d, s.user.uid, 30);
      expect(await getIntegralInfo(s)).toMatchObject({ integral: points + 5000, totalGainIntegral: points + 5000, deductionIntegral: 0 });

      const mine = (await listIntegral(s, { limit: 100 })).list.map((r) => r.bill_id);
      const theirs = (await listIntegral(other, {})).list;
      expect(theirs).toHaveLength(1);
      expect(mine).not.toContain(theirs[0]!.bill_id);
      await expectBooksBalance(d, s.user.uid);
    });

    it('refuses while points are switched off', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      await setSetting(d, 'integral_status', 0);
      try {
        await expect(getIntegralInfo(s)).rejects.toMatchObject({ code: 'refused', message: INTEGRAL_TEXT.closed });
        await expect(listIntegral(s, {})).rejects.toMatchObject({ code: 'refused', message: INTEGRAL_TEXT.closed });
      } finally {
        await setSetting(d, 'integral_status', 1);
      }
    });
  });

  describe('points expiry (integral_valid_days)', () => {
    /** Runs an earning's queued `integral.expire` job (its row from the job table) at `now`, as the runner would. */
    async function runExpire(d: Database, billId: number, now: Date) {
      const [row] = await expireJobs(d, [billId]);
      if (!row) throw new Error(`no integral.expire job for bill ${billId}`);
      await expirePointsJob.run({ billId }, { db: d.db, job: row, now });
    }

    it('queues nothing while the setting is 0: points never expire', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const e = await givePoints(d, s.user.uid, 100);
      expect(await expireJobs(d, [e.billId!])).toHaveLength(0);
    });

    it('expires what is unspent of each earning, oldest spent first, once however often the job runs', async () => {
      const d = await fresh();
      await setSetting(d, INTEGRAL_VALID_DAYS, 30);
      const s = await newShopper(d);
      const uid = s.user.uid;
      const t0 = new Date();
      const e1 = await givePoints(d, uid, 100, new Date(t0.getTime() - 40 * DAY));
      const e2 = await givePoints(d, uid, 50, new Date(t0.getTime() - DAY));
      // 70 spent: all from the older earning (30 of it left), none from the newer.
      await changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'deduction',
        pm: 0,
        number: 70,
        linkId: key('spend'),
        title: '购买商品使用积分',
      });
      const jobs = await expireJobs(d, [e1.billId!, e2.billId!]);
      expect(jobs.map((j) => j.runAt.getTime()).sort()).toEqual([t0.getTime() - 10 * DAY, t0.getTime() + 29 * DAY].sort());

      // Only the first earning is due: its 30 left expire, the newer 50 stay.
      await runDueJobs(d.db, { 'integral.expire': appJobs['integral.expire']! }, { worker: 'wallet-test', now: t0 });
      expect((await books(d, uid, 'integral')).stored).toBe(50);
      const expired = (await rowsOf(d, uid, 'integral')).filter((r) => r.type === 'expire');
      expect(expired).toEqual([expect.objectContaining({ pm: 0, number: 30, balance: 50, linkId: String(e1.billId), title: '积分过期' })]);

      // The same job again (a retry after a crash): nothing more.
      await runExpire(d, e1.billId!, t0);
      expect(await expirePoints(d.db, e1.billId!)).toMatchObject({ status: 'duplicate', number: 0 });
      expect((await books(d, uid, 'integral')).stored).toBe(50);

      // The newer earning's day: all 50 expire.
      await runExpire(d, e2.billId!, new Date(t0.getTime() + 30 * DAY));
      expect((await books(d, uid, 'integral')).stored).toBe(0);
      expect((await rowsOf(d, uid, 'integral')).filter((r) => r.type === 'expire').map((r) => r.number)).toEqual([30, 50]);
      await expectBooksBalance(d, uid);
    });

    it('an earning fully spent expires nothing, and switching the setting back to 0 keeps points', async () => {
      const d = await fresh();
      await setSetting(d, INTEGRAL_VALID_DAYS, 10);
      const s = await newShopper(d);
      const uid = s.user.uid;
      const e1 = await givePoints(d, uid, 40);
      await changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'deduction',
        pm: 0,
        number: 40,
        linkId: key('spend'),
        title: '购买商品使用积分',
      });
      const e2 = await givePoints(d, uid, 25);
      expect(await expirePoints(d.db, e1.billId!)).toMatchObject({ status: 'nothing', number: 0 });
      await setSetting(d, INTEGRAL_VALID_DAYS, 0);
      await runExpire(d, e2.billId!, new Date());
      expect((await books(d, uid, 'integral')).stored).toBe(25);
      await expectBooksBalance(d, uid);
    });
  });

  describe('points lots: spent soonest due first; given back with the due date they had', () => {
    const spend = (uid: number, n: number, extra: Partial<Parameters<typeof changeWallet>[1]> = {}) =>
      changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'deduction',
        pm: 0,
        number: n,
        linkId: key('spend'),
        title: '购买商品使用积分',
        ...extra,
      });
    /** Runs the shopper's `integral.expire` jobs due by `now`, in due order, as the runner would (others' wait). */
    async function runExpiries(uid: number, now: Date) {
      const lots = (await rowsOf(d, uid, 'integral')).filter((r) => r.pm === 1).map((r) => r.billId);
      const due = (await expireJobs(d, lots)).filter((j) => j.runAt <= now).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
      for (const row of due) await expirePointsJob.run({ billId: Number(row.key) }, { db: d.db, job: row, now });
    }
    const points = async (uid: number) => (await books(d, uid, 'integral')).stored;
    /** A database of its own with points valid for 30 days, a new shopper there, and the time it starts. */
    async function expiringShopper() {
      const d = await fresh();
      await setSetting(d, INTEGRAL_VALID_DAYS, 30);
      const s = await newShopper(d);
      return { d, s, uid: s.user.uid, t0: new Date() };
    }
    /** Gives back `n` points of the checkout linked `spendLink`, as a cancel (or a refund) does. */
    const giveBack = (uid: number, n: number, spendLink: string, type: 'order_cancel' | 'refund_integral' = 'order_cancel') =>
      changeWallet(d.db, {
        uid,
        category: 'integral',
        type,
        pm: 1,
        number: n,
        linkId: key(type),
        undoes: { type: 'deduction', linkId: spendLink },
        title: type === 'order_cancel' ? '取消订单退回积分' : '退款退回积分',
      });

    it('cancelling an order paid with points gives them back due when they were: an order placed and cancelled never renews points', async () => {
      const { d, s, uid, t0 } = await expiringShopper();
      // Earned 25 days ago: due in 5 days.
      const e = await givePoints(d, uid, 5000, new Date(t0.getTime() - 25 * DAY));
      const sku = await pickSku(d, { merId: 1, minStock: 5 });
      const { order } = await placeOrder(s, [await addLine(s, sku, 1)], { use_integral: true });
      const [used] = (await rowsOf(d, uid, 'integral')).filter((r) => r.type === 'deduction');
      expect(used!.number).toBeGreaterThan(0);
      await cancelOrder(s, { id: order.order_id });
      // The points go back into the lot they came from, due when it is; the give-back is no lot of its own.
      const rows = await rowsOf(d, uid, 'integral');
      const back = rows.find((r) => r.type === 'order_cancel')!;
      expect(back).toMatchObject({ pm: 1, number: used!.number, unspent: 0, expiresAt: null });
      expect(rows.find((r) => r.billId === e.billId)).toMatchObject({ unspent: 5000 });
      expect(rows.find((r) => r.billId === used!.billId)).toMatchObject({
        taken: [{ lot: e.billId, n: used!.number }],
        restored: used!.number,
      });
      expect(await expireJobs(d, [back.billId])).toEqual([]);
      await expectBooksBalance(d, uid);
      // What the shopper's points page says: all 5000 expire on that day.
      expect(await getIntegralInfo(s)).toMatchObject({
        integral: 5000,
        validDays: 30,
        expireIntegral: 5000,
        expireTime: formatDateTime(new Date(t0.getTime() + 5 * DAY)),
      });
      // And each row of the points ledger: what is left of it and when that expires; spends have neither.
      const due = formatDateTime(new Date(t0.getTime() + 5 * DAY));
      const ledger = new Map((await listIntegral(s, { limit: 100 })).list.map((r) => [r.bill_id, r]));
      expect(ledger.get(e.billId!)).toMatchObject({ unspent: 5000, expire_time: due });
      expect(ledger.get(back.billId)).toMatchObject({ unspent: 0, expire_time: null });
      expect(ledger.get(used!.billId)).not.toHaveProperty('unspent');

      // The day before: nothing expires. On the due day: all 5000 points, the ones given back too.
      await runExpiries(uid, new Date(t0.getTime() + 4 * DAY));
      expect(await points(uid)).toBe(5000);
      await runExpiries(uid, new Date(t0.getTime() + 5 * DAY));
      expect(await points(uid)).toBe(0);
      const expired = (await rowsOf(d, uid, 'integral')).filter((r) => r.type === 'expire');
      expect(expired.map((r) => [r.linkId, r.number])).toEqual([[String(e.billId), 5000]]);
      await expectBooksBalance(d, uid);
    });

    it('a spend from lots of several due dates is given back into each, last taken first, over several give-backs', async () => {
      const { d, uid, t0 } = await expiringShopper();
      const a = await givePoints(d, uid, 30, new Date(t0.getTime() - 25 * DAY)); // due in 5 days
      const b = await givePoints(d, uid, 100, new Date(t0.getTime() - 10 * DAY)); // due in 20 days
      const link = key('order');
      await spend(uid, 100, { linkId: link });
      const lots = async () => new Map((await rowsOf(d, uid, 'integral')).filter((r) => r.pm === 1).map((r) => [r.billId, r.unspent]));
      expect(await lots()).toEqual(
        new Map([
          [a.billId!, 0],
          [b.billId!, 30],
        ]),
      );
      // 50 back: all into the lot taken last (70 came from it).
      const r1 = await giveBack(uid, 50, link, 'refund_integral');
      expect((await lots()).get(b.billId!)).toBe(80);
      // The same give-back again (a retried refund, its key): nothing more goes back.
      const [first] = (await rowsOf(d, uid, 'integral')).filter((r) => r.billId === r1.billId);
      const again = await changeWallet(d.db, {
        uid,
        category: 'integral',
        type: 'refund_integral',
        pm: 1,
        number: 50,
        linkId: first!.linkId,
        undoes: { type: 'deduction', linkId: link },
        title: '退款退回积分',
      });
      expect(again).toMatchObject({ status: 'duplicate', billId: r1.billId, number: 0 });
      expect((await lots()).get(b.billId!)).toBe(80);
      // 50 more: the other 20 of it, then the 30 of the lot due sooner.
      const r2 = await giveBack(uid, 50, link, 'refund_integral');
      expect(await lots()).toEqual(
        new Map([
          [a.billId!, 30],
          [b.billId!, 100],
          [r1.billId!, 0],
          [r2.billId!, 0],
        ]),
      );
      await expectBooksBalance(d, uid);
      await runExpiries(uid, new Date(t0.getTime() + 5 * DAY));
      expect(await points(uid)).toBe(100);
      await runExpiries(uid, new Date(t0.getTime() + 20 * DAY));
      expect(await points(uid)).toBe(0);
      await expectBooksBalance(d, uid);
    });

    it('points given back after their due date expire at once', async () => {
      const { d, uid, t0 } = await expiringShopper();
      // Due 10 days ago, its job not run yet (a runner that was down); spent meanwhile, then the spend undone.
      await givePoints(d, uid, 300, new Date(t0.getTime() - 40 * DAY));
      const spent = key('order');
      await spend(uid, 120, { linkId: spent });
      const back = await giveBack(uid, 120, spent);
      expect((await expireJobs(d, [back.billId!]))[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
      await runExpiries(uid, new Date());
      expect(await points(uid)).toBe(0);
      await expectBooksBalance(d, uid);

      // The same after the lot's expiry ran (what was left of it expired): the points given back expire at once too.
      const other = await newShopper(d);
      const o = other.user.uid;
      await givePoints(d, o, 300, new Date(t0.getTime() - 40 * DAY));
      const link = key('order');
      await spend(o, 120, { linkId: link });
      await runExpiries(o, new Date());
      expect(await points(o)).toBe(0);
      const late = await giveBack(o, 120, link);
      expect(await points(o)).toBe(120);
      expect((await rowsOf(d, o, 'integral')).find((r) => r.billId === late.billId)).toMatchObject({ unspent: 120 });
      await runExpiries(o, new Date());
      expect(await points(o)).toBe(0);
      await expectBooksBalance(d, o);
    });

    it('spends the points due soonest first, whatever order they were earned in', async () => {
      const d = await fresh();
      const s = await newShopper(d);
      const uid = s.user.uid;
      const t0 = new Date();
      await setSetting(d, INTEGRAL_VALID_DAYS, 60);
      const a = await givePoints(d, uid, 100, new Date(t0.getTime() - DAY));
      await setSetting(d, INTEGRAL_VALID_DAYS, 10);
      const b = await givePoints(d, uid, 50, t0);
      // Taken from the 50 due in 10 days, not from the older 100 due in 59.
      await spend(uid, 30);
      const lots = new Map((await rowsOf(d, uid, 'integral')).filter((r) => r.pm === 1).map((r) => [r.billId, r.unspent]));
      expect(lots).toEqual(
        new Map([
          [a.billId!, 100],
          [b.billId!, 20],
        ]),
      );
      await runExpiries(uid, new Date(t0.getTime() + 10 * DAY));
      expect(await points(uid)).toBe(100);
      await runExpiries(uid, new Date(t0.getTime() + 59 * DAY));
      expect(await points(uid)).toBe(0);
      await expectBooksBalance(d, uid);
    });

    it('points an order earned are taken back from what it earned, not from older points due sooner', async () => {
      const { d, uid, t0 } = await expiringShopper();
      await givePoints(d, uid, 100, new Date(t0.getTime() - 20 * DAY));
      await earnedThenTakenBack(d, uid, 50);
      // The older 100 are all there on their due day, and all expire.
      await runExpiries(uid, new Date(t0.getTime() + 10 * DAY));
      expect(await points(uid)).toBe(0);
      expect((await rowsOf(d, uid, 'integral')).filter((r) => r.type === 'expire').map((r) => r.number)).toEqual([100]);
      await expectBooksBalance(d, uid);
    });

    it('different spends at once take from the lots exactly once each', async () => {
      const { d, uid } = await expiringShopper();
      await givePoints(d, uid, 40, new Date(Date.now() - 2 * DAY));
      await givePoints(d, uid, 60);
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => spend(uid, 30)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect(await points(uid)).toBe(10);
      await expectBooksBalance(d, uid);
    });

    it('an expiry and a spend of the same lot at once: the points are either spent or expired, never both', async () => {
      const { d, uid } = await expiringShopper();
      const lot = await givePoints(d, uid, 100, new Date(Date.now() - 31 * DAY));
      const [spent, expired] = await Promise.allSettled([spend(uid, 60), expirePoints(d.db, lot.billId!)]);
      expect(expired.status).toBe('fulfilled');
      const rows = await rowsOf(d, uid, 'integral');
      const gone = rows.filter((r) => r.pm === 0).reduce((a, r) => a + r.number, 0);
      // Spent first: 60 spent and the 40 left expire. Expired first: all 100 expire and the spend is refused.
      if (spent.status === 'fulfilled')
        expect(rows.filter((r) => r.pm === 0).map((r) => [r.type, r.number])).toEqual([
          ['deduction', 60],
          ['expire', 40],
        ]);
      else expect(spent.reason).toMatchObject({ code: 'refused', message: WALLET_TEXT.pointsShort });
      expect(gone).toBe(100);
      expect(await points(uid)).toBe(0);
      await expectBooksBalance(d, uid);
    });

    it('migration 0025 turns the old earnings into lots as the old rule counted them', async () => {
      const { d, uid } = await expiringShopper();
      const e1 = await givePoints(d, uid, 100, new Date(Date.now() - 5 * DAY));
      const e2 = await givePoints(d, uid, 80, new Date(Date.now() - 2 * DAY));
      const used = await spend(uid, 130);
      const e3 = await givePoints(d, uid, 40);
      // As a database made before lots has them: no lot figures anywhere.
      await d.db.update(userBill).set({ unspent: null, expiresAt: null }).where(eq(userBill.uid, uid));
      const migration = readFileSync(new URL('../../db/migrations/0025_points_lots_backfill.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await d.db.execute(sql.raw(statement));
      const rows = new Map((await rowsOf(d, uid, 'integral')).map((r) => [r.billId, r]));
      // Oldest spent first: the 100 all spent, 50 of the 80 left, the 40 whole; each due when its job is.
      expect([e1, e2, e3].map((e) => rows.get(e.billId!)!.unspent)).toEqual([0, 50, 40]);
      const jobs = new Map((await expireJobs(d, [e1.billId!, e2.billId!, e3.billId!])).map((j) => [j.key, j.runAt.getTime()]));
      for (const e of [e1, e2, e3]) expect(rows.get(e.billId!)!.expiresAt!.getTime()).toBe(jobs.get(String(e.billId)));
      // The checkout's points keep the latest due date they can have had: 30 days after it.
      const spendRow = rows.get(used.billId!)!;
      expect(spendRow.expiresAt!.getTime()).toBe(spendRow.createdAt.getTime() + 30 * DAY);
      await expectBooksBalance(d, uid);
      // Given back now, it has no record of its lots: the points are a lot of their own, due on that date.
      await d.db.update(userBill).set({ taken: null }).where(eq(userBill.billId, used.billId!));
      const back = await giveBack(uid, 130, spendRow.linkId);
      const [lot] = (await rowsOf(d, uid, 'integral')).filter((r) => r.billId === back.billId);
      expect(lot).toMatchObject({ unspent: 130, expiresAt: spendRow.expiresAt });
      await expectBooksBalance(d, uid);
    });
  });

  describe('property: after any sequence of wallet operations the books balance', () => {
    it('a seeded random mix of orders, payments, cancels, top-ups, refunds, receipts and expiries', async () => {
      const d = await fresh();
      await setSetting(d, INTEGRAL_VALID_DAYS, 30);
      let state = 20260614;
      const rand = () => {
        state = (state * 1664525 + 1013904223) % 4294967296;
        return state / 4294967296;
      };
      const pick = <T>(xs: T[]): T | undefined => (xs.length ? xs[Math.floor(rand() * xs.length)] : undefined);
      const shoppers = [await newShopper(d), await newShopper(d), await newShopper(d)];
      for (const s of shoppers) await givePoints(d, s.user.uid, 3000);
      const skus = [await pickSku(d, { merId: 1, minStock: 200 })];
      skus.push(await pickSku(d, { merId: 1, minStock: 200, except: [skus[0]!.productId] }));
      const unpaid = new Map<number, number[]>();
      const paid = new Map<number, number[]>();
      const done: string[] = [];
      const tolerate = async (what: string, f: () => Promise<unknown>) => {
        try {
          await f();
          done.push(what);
        } catch (e) {
          if (!(e instanceof ServiceError) || (e.code !== 'refused' && e.code !== 'invalid')) throw e;
          done.push(`${what}:refused`);
        }
      };
      for (let step = 0; step < 36; step++) {
        const s = shoppers[Math.floor(rand() * shoppers.length)]!;
        const uid = s.user.uid;
        const r = rand();
        if (r < 0.15) {
          await tolerate('topup', () =>
            adjustBalance(d.db, {
              uid,
              number: String(50 + Math.floor(rand() * 400)),
              pm: rand() < 0.8 ? 1 : 0,
              mark: '随机',
              key: key('op'),
            }),
          );
        } else if (r < 0.35) {
          await tolerate('order', async () => {
            const { order } = await placeOrder(s, [await addLine(s, pick(skus)!, 1 + Math.floor(rand() * 2))], {
              use_integral: rand() < 0.6,
            });
            unpaid.set(uid, [...(unpaid.get(uid) ?? []), order.order_id]);
          });
        } else if (r < 0.55) {
          const g = pick(unpaid.get(uid) ?? []);
          if (g === undefined) continue;
          await tolerate('pay', async () => {
            await payOrder(s, { id: g, type: 'balance' });
            unpaid.set(
              uid,
              unpaid.get(uid)!.filter((x) => x !== g),
            );
            paid.set(uid, [...(paid.get(uid) ?? []), (await storeOrderOf(d, g)).orderId]);
          });
        } else if (r < 0.65) {
          const g = pick(unpaid.get(uid) ?? []);
          if (g === undefined) continue;
          await tolerate('cancel', async () => {
            unpaid.set(
              uid,
              unpaid.get(uid)!.filter((x) => x !== g),
            );
            await cancelOrder(s, { id: g });
          });
        } else if (r < 0.8) {
          const o = pick(paid.get(uid) ?? []);
          if (o === undefined) continue;
          paid.set(
            uid,
            paid.get(uid)!.filter((x) => x !== o),
          );
          await shipForTest(d, o);
          await receiveOrder(d.db, o, { uid });
          done.push('receive');
        } else if (r < 0.9) {
          const o = pick(paid.get(uid) ?? []);
          if (o === undefined) continue;
          paid.set(
            uid,
            paid.get(uid)!.filter((x) => x !== o),
          );
          const row = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, o));
          await refundAll(d, s, row[0]!);
          done.push('refund');
        } else {
          const earnings = (await rowsOf(d, uid, 'integral')).filter((x) => x.pm === 1);
          const e = pick(earnings);
          if (!e) continue;
          await expirePoints(d.db, e.billId);
          if (rand() < 0.5) await expirePoints(d.db, e.billId);
          done.push('expire');
        }
      }
      expect(new Set(done.map((x) => x.split(':')[0])).size).toBeGreaterThanOrEqual(5);
      for (const s of shoppers) await expectBooksBalance(d, s.user.uid);
      // Points given back after a receipt was refunded, expiries after spending: nothing ever went below 0.
      const [neg] = await d.db.select({ n: sql<number>`count(*)::int` }).from(userBill).where(sql`${userBill.balance} < 0`);
      expect(neg!.n).toBe(0);
    }, 120_000);
  });
}
