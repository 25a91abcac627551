// The wallet on a real database: run on PGlite (wallet.test.ts) and on PostgreSQL 15 (wallet.postgres.test.ts).
// Each test makes its own shoppers and orders and asserts on them only; a test that changes a setting puts it back.
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
import { changeWallet, INTEGRAL_VALID_DAYS, WALLET_TEXT, type WalletCategory } from './change-wallet.ts';
import { expirePoints, expirePointsJob } from './expire-points.ts';
import { getIntegralInfo, INTEGRAL_TEXT } from './get-integral.ts';
import { listBills } from './list-bills.ts';
import { listIntegral } from './list-integral.ts';

const DAY = 86_400_000;
let seq = 0;
const key = (what: string) => `${what}-${process.pid}-${Date.now()}-${++seq}`;

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

async function expectBooksBalance(d: Database, uid: number) {
  for (const c of ['now_money', 'integral'] as const) {
    const b = await books(d, uid, c);
    expect({ uid, c, ledger: b.ledger, last: b.last }).toEqual({ uid, c, ledger: b.stored, last: b.stored });
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
