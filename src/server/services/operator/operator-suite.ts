// Operator balance adjustments on a real database: PGlite (operator.test.ts) and PostgreSQL 15 (operator.postgres.test.ts).
import { describe, it, expect } from 'vitest';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { product, storeOrder, userBill, users } from '../../db/schema/index.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { adjustBalance } from './adjust-balance.ts';
import { authenticateOperator } from './authenticate.ts';
import { issueMerchantToken } from './issue-merchant-token.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { listShops, listShopTokens, revokeShopToken, setShopStatus } from './shops.ts';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { addLine, pickSku } from '../../../../tests/helpers/checkout.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';
import { listProducts } from '../catalogue/list-products.ts';
import { listMerchants } from '../merchant/list-merchants.ts';
import { checkOrder } from '../order/check-order.ts';
import { listMerchantOrders } from '../merchant-api/list-orders.ts';

const balance = async (d: Database, uid: number) => (await d.db.select({ m: users.nowMoney }).from(users).where(eq(users.uid, uid)))[0]!.m;
const ledger = async (d: Database, uid: number) =>
  Number(
    (
      await d.db
        .select({ s: sql<string>`coalesce(sum(case when ${userBill.pm} = 1 then ${userBill.number} else -${userBill.number} end), 0)` })
        .from(userBill)
        .where(and(eq(userBill.uid, uid), eq(userBill.category, 'now_money')))
    )[0]!.s,
  );
let seq = 0;
const key = () => `op-test-${process.pid}-${Date.now()}-${++seq}`;

export function operatorSuite(open: () => Promise<Database>) {
  describe('operator balance adjustments', () => {
    it('adds and deducts with a ledger row each, never below zero, and a key applies once even sent three times at once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const k = key();
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => adjustBalance(d.db, { uid: s.user.uid, number: '200.50', pm: 1, mark: '活动补偿', key: k })),
      );
      const done = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ duplicate: number }>).value);
      expect(done.filter((r) => r.duplicate === 0)).toHaveLength(1);
      expect(await balance(d, s.user.uid)).toBe(20_050);
      await expect(adjustBalance(d.db, { uid: s.user.uid, number: 300, pm: 0, mark: '扣减', key: key() })).rejects.toThrow(
        '余额不足，不能扣减',
      );
      expect(await adjustBalance(d.db, { uid: s.user.uid, number: 50, pm: 0, mark: '扣减', key: key() })).toMatchObject({
        now_money: '150.50',
        duplicate: 0,
      });
      expect(await ledger(d, s.user.uid)).toBe(await balance(d, s.user.uid));

      // The key again with another amount or the other direction: refused, not answered as done; the same request
      // again is a duplicate; the key is the shopper's (another shopper's adjustment may use it).
      for (const other of [
        { number: '999', pm: 1 },
        { number: '200.50', pm: 0 },
      ]) {
        await expect(adjustBalance(d.db, { uid: s.user.uid, ...other, mark: '活动补偿', key: k })).rejects.toMatchObject({
          code: 'conflict',
          message: expect.stringContaining('key'),
        });
      }
      expect(await adjustBalance(d.db, { uid: s.user.uid, number: '200.5', pm: 1, mark: '活动补偿', key: k })).toMatchObject({
        duplicate: 1,
        now_money: '150.50',
      });
      const t = await newShopper(d);
      expect(await adjustBalance(d.db, { uid: t.user.uid, number: '1', pm: 1, mark: '活动补偿', key: k })).toMatchObject({ duplicate: 0 });
      expect(await balance(d, s.user.uid)).toBe(15_050);
    });

    it('refuses bad input and unknown shoppers without changing anything', async () => {
      const d = await open();
      const s = await newShopper(d);
      for (const bad of [
        { number: '-1', pm: 1, mark: 'x', key: key() },
        { number: '0.001', pm: 1, mark: 'x', key: key() },
        { number: '1.234', pm: 1, mark: 'x', key: key() },
        { number: '10', pm: 2, mark: 'x', key: key() },
        // Not numbers: coercion read [] and false as 0 (a deduction) and true as 1.
        { number: '10', pm: [], mark: 'x', key: key() },
        { number: '10', pm: true, mark: 'x', key: key() },
        { number: '10', pm: ' ', mark: 'x', key: key() },
        { number: '10', pm: 1, mark: '', key: key() },
        { number: '10', pm: 1, mark: 'x', key: 'a b' },
      ]) {
        await expect(adjustBalance(d.db, { uid: s.user.uid, ...bad })).rejects.toMatchObject({ code: 'invalid' });
      }
      await expect(adjustBalance(d.db, { uid: s.user.uid, number: '1.234', pm: 1, mark: 'x', key: key() })).rejects.toMatchObject({
        message: '金额格式不正确，最多两位小数',
      });
      await expect(adjustBalance(d.db, { uid: 2147483647, number: 1, pm: 1, mark: 'x', key: key() })).rejects.toMatchObject({
        code: 'not_found',
      });
      expect(await balance(d, s.user.uid)).toBe(0);
    });

    it('checks the operator token: off when unset, 401 for a wrong one, 429 after ten failures from one address', async () => {
      const d = await open();
      const ctx = { db: d.db, user: null, ip: `198.51.100.${(seq++ % 250) + 1}` };
      await expect(authenticateOperator(ctx, 'Bearer x', '')).rejects.toMatchObject({ code: 'forbidden' });
      await expect(authenticateOperator(ctx, null, 'secret-operator-token')).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(authenticateOperator(ctx, 'Bearer secret-operator-token', 'secret-operator-token')).resolves.toBeUndefined();
      for (let i = 0; i < 10; i++) {
        await expect(authenticateOperator(ctx, 'Bearer wrong', 'secret-operator-token')).rejects.toMatchObject({ code: 'unauthorized' });
      }
      await expect(authenticateOperator(ctx, 'Bearer secret-operator-token', 'secret-operator-token')).rejects.toMatchObject({
        code: 'rate_limited',
      });
    });
  });

  describe('operator merchant tokens', () => {
    it('issues a new token that signs the shop in to the merchant API; an unknown shop is a 404, a bad id a 400', async () => {
      const d = await open();
      const issued = await issueMerchantToken(d.db, { mer_id: '2', name: '仓库系统' });
      expect(issued).toMatchObject({ mer_id: 2, token: expect.stringMatching(/^mf_mer_/) });
      const merchant = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${issued.token}`);
      expect(merchant.merId).toBe(2);
      const again = await issueMerchantToken(d.db, { mer_id: 2 });
      expect(again.token).not.toBe(issued.token);
      await expect(issueMerchantToken(d.db, { mer_id: 2147483647 })).rejects.toMatchObject({ code: 'not_found', message: '店铺不存在' });
      await expect(issueMerchantToken(d.db, { mer_id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      await expect(issueMerchantToken(d.db, { mer_id: 2, name: '长'.repeat(61) })).rejects.toMatchObject({ code: 'invalid' });
    });
  });

  describe('operator shops', () => {
    it('lists its tokens and revokes one, which the merchant API refuses at its next call; another shop’s or a revoked one is a 404', async () => {
      const d = await open();
      const issued = await issueMerchantToken(d.db, { mer_id: 4, name: '对账系统' });
      const listed = await listShopTokens(d.db, { mer_id: '4' });
      expect(listed).toContainEqual(expect.objectContaining({ token_id: issued.token_id, name: '对账系统', revoked_time: null }));
      expect(JSON.stringify(listed)).not.toContain(issued.token);
      await expect(revokeShopToken(d.db, { mer_id: 5, token_id: issued.token_id })).rejects.toMatchObject({ code: 'not_found' });
      expect(await revokeShopToken(d.db, { mer_id: 4, token_id: issued.token_id })).toEqual({ mer_id: 4, token_id: issued.token_id });
      await expect(authenticateMerchant({ db: d.db, user: null }, `Bearer ${issued.token}`)).rejects.toMatchObject({
        code: 'unauthorized',
      });
      await expect(revokeShopToken(d.db, { mer_id: 4, token_id: issued.token_id })).rejects.toMatchObject({ code: 'not_found' });
      expect((await listShopTokens(d.db, { mer_id: 4 })).find((t) => t.token_id === issued.token_id)!.revoked_time).toMatch(/^\d{4}-/);
      // The shop's other tokens still work.
      expect((await asMerchant(d, 4)).merchant!.merId).toBe(4);
      await expect(listShopTokens(d.db, { mer_id: 2147483647 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(revokeShopToken(d.db, { mer_id: 4, token_id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
    });

    it('closes a shop: its products leave the mall and its cart lines cannot be bought, its own API still serves its orders; opened again, all is back', async () => {
      const d = await open();
      const MER = 9;
      const sku = await pickSku(d, { merId: MER });
      const s = await newShopper(d);
      const line = await addLine(s, sku, 1);
      const visitor = { db: d.db, user: null };
      const inSearch = async () => (await listMerchants(d, { limit: 100 })).list.some((m) => m.mer_id === MER);
      const [row] = await d.db.select({ name: product.storeName }).from(product).where(eq(product.productId, sku.productId));
      const listed = async () =>
        (await listProducts(visitor, { keyword: row!.name, limit: 50 })).list.some((x) => x.product_id === sku.productId);
      expect(await listed()).toBe(true);

      expect(await setShopStatus(d.db, { mer_id: String(MER), status: '0' })).toMatchObject({ mer_id: MER, status: 0 });
      await expect(getProductDetail(visitor, { id: sku.productId })).rejects.toMatchObject({ code: 'not_found' });
      expect(await listed()).toBe(false);
      expect(await inSearch()).toBe(false);
      await expect(checkOrder(s, { cart_id: [line], address_id: s.addressId })).rejects.toMatchObject({ status: 400 });
      const m = await asMerchant(d, MER);
      expect((await listMerchantOrders(m, { status: 'all' })).count).toBeGreaterThanOrEqual(0);
      const closed = await listShops(d.db, { status: 0, limit: 100 });
      const own = async (table: typeof product | typeof storeOrder, where: SQL | undefined) =>
        (await d.db.select({ n: count() }).from(table).where(where))[0]!.n;
      expect(closed.list.find((x) => x.mer_id === MER)).toEqual(
        expect.objectContaining({
          status: 0,
          // Whom the shop's order and refund SMS reach (the demo shop's own number).
          notice_phone: '13705710009',
          product_count: await own(product, and(eq(product.merId, MER), eq(product.status, 1), eq(product.productType, 0))),
          to_ship_count: await own(storeOrder, and(eq(storeOrder.merId, MER), eq(storeOrder.paid, true), eq(storeOrder.status, 0))),
        }),
      );
      expect(closed.list.find((x) => x.mer_id === MER)!.product_count).toBeGreaterThan(0);
      expect(closed.list.find((x) => x.mer_id === MER)!.product_count).toBeLessThan(
        (await d.db.select({ n: count() }).from(product).where(eq(product.status, 1)))[0]!.n,
      );
      // Closing it again changes nothing.
      expect(await setShopStatus(d.db, { mer_id: MER, status: 0 })).toMatchObject({ status: 0 });

      expect(await setShopStatus(d.db, { mer_id: MER, status: 1 })).toMatchObject({ status: 1 });
      expect((await getProductDetail(visitor, { id: sku.productId })).product_id).toBe(sku.productId);
      expect(await inSearch()).toBe(true);
      expect(await listed()).toBe(true);
      expect((await checkOrder(s, { cart_id: [line], address_id: s.addressId })).key).toBeTruthy();

      await expect(setShopStatus(d.db, { mer_id: MER, status: 2 })).rejects.toMatchObject({ code: 'invalid' });
      await expect(setShopStatus(d.db, { mer_id: 2147483647, status: 0 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(listShops(d.db, { status: 'x' })).rejects.toMatchObject({ code: 'invalid' });
      const found = await listShops(d.db, { keyword: (await listShops(d.db, { limit: 1 })).list[0]!.mer_name });
      expect(found.count).toBeGreaterThanOrEqual(1);
    });
  });
}
