// Checkout fixtures for service tests: a fresh shopper with an address, an in-stock SKU, cart lines.
import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { merchant, product, productSku, userAddress, userBill, users } from '../../src/server/db/schema/index.ts';
import { createSession, findSessionUser } from '../../src/server/services/session/sessions.ts';
import type { ServiceContext, SessionUser } from '../../src/server/services/context.ts';
import { createCart } from '../../src/server/services/cart/create-cart.ts';
import { checkOrder } from '../../src/server/services/order/check-order.ts';
import { createOrder } from '../../src/server/services/order/create-order.ts';

let seq = 0;

export type Shopper = ServiceContext & { user: SessionUser; addressId: number };

/** A new shopper (no cart, no coupons, `integral` points) with one default address in `provinceId` (Beijing). */
export async function newShopper(d: Database, opts: { provinceId?: number; integral?: number } = {}): Promise<Shopper> {
  const phone = `170${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;
  const [u] = await d.db
    .insert(users)
    .values({ phoneCode: '86', phone, nickname: `买家${seq}`, integral: opts.integral ?? 0 })
    .returning({ uid: users.uid });
  const [a] = await d.db
    .insert(userAddress)
    .values({
      uid: u!.uid,
      realName: '张三',
      phone: '+8613800001111',
      province: opts.provinceId === 65 ? '新疆维吾尔自治区' : '北京市',
      city: '市辖区',
      district: '东城区',
      provinceId: opts.provinceId ?? 11,
      cityId: 110101,
      detail: '东华门大街1号',
      isDefault: true,
    })
    .returning({ id: userAddress.addressId });
  const { token } = await createSession(d.db, u!.uid);
  return { db: d.db, user: (await findSessionUser(d.db, token))!, addressId: a!.id };
}

export interface Sku {
  productId: number;
  unique: string;
  merId: number;
  price: number;
  stock: number;
}

/** An in-stock SKU of a normal product on sale in an open shop, optionally of a merchant, not one of `except`. */
export async function pickSku(d: Database, opts: { merId?: number; except?: number[]; minStock?: number } = {}): Promise<Sku> {
  const [row] = await d.db
    .select({
      productId: product.productId,
      unique: productSku.unique,
      merId: product.merId,
      price: productSku.price,
      stock: productSku.stock,
    })
    .from(productSku)
    .innerJoin(product, eq(product.productId, productSku.productId))
    .innerJoin(merchant, eq(merchant.merId, product.merId))
    .where(
      and(
        eq(product.status, 1),
        eq(product.productType, 0),
        eq(merchant.status, true),
        eq(product.onceMinCount, 0),
        eq(product.onceMaxCount, 0),
        // A product asking for an order form needs answers at create: only the tests of forms attach one.
        eq(product.merFormId, 0),
        gt(productSku.stock, opts.minStock ?? 5),
        opts.merId ? eq(product.merId, opts.merId) : undefined,
        opts.except?.length ? notInArray(product.productId, opts.except) : undefined,
      ),
    )
    .orderBy(asc(product.productId))
    .limit(1);
  if (!row) throw new Error('no SKU matches');
  return row;
}

export async function setStock(d: Database, sku: Pick<Sku, 'unique'>, stock: number): Promise<void> {
  await d.db.update(productSku).set({ stock }).where(eq(productSku.unique, sku.unique));
}

export async function stockOf(d: Database, sku: Pick<Sku, 'unique'>): Promise<number> {
  const [r] = await d.db.select({ stock: productSku.stock }).from(productSku).where(eq(productSku.unique, sku.unique));
  return r!.stock;
}

export async function addLine(ctx: ServiceContext, sku: Sku, n = 1, buyNow = false): Promise<number> {
  return (await createCart(ctx, { product_id: sku.productId, product_attr_unique: sku.unique, cart_num: n, is_new: buyNow ? 1 : 0 }))
    .cart_id;
}

/** Check then create with the check's key; `extra` goes to both. */
export async function placeOrder(ctx: Shopper, cartIds: number[], extra: Record<string, unknown> = {}) {
  const body = { cart_id: cartIds, address_id: ctx.addressId, ...extra };
  const check = await checkOrder(ctx, body);
  return { check, order: await createOrder(ctx, { ...body, key: check.key }) };
}

/** A shopper's balance, cents. */
export const balanceOf = async (d: Database, uid: number) =>
  (await d.db.select({ m: users.nowMoney }).from(users).where(eq(users.uid, uid)))[0]!.m;

/** The balance of shopper `uid` as their ledger sums it (income minus expense): what `balanceOf` must equal. */
export async function ledgerBalanceOf(d: Database, uid: number): Promise<number> {
  const [r] = await d.db
    .select({ sum: sql<string>`coalesce(sum(case when ${userBill.pm} = 1 then ${userBill.number} else -${userBill.number} end), 0)` })
    .from(userBill)
    .where(and(eq(userBill.uid, uid), eq(userBill.category, 'now_money')));
  return Number(r!.sum);
}

/** Gives a shopper `cents` of balance the way a top-up would: the balance and its ledger row together. */
export async function topUp(d: Database, uid: number, cents: number): Promise<void> {
  await d.db.transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ nowMoney: sql`${users.nowMoney} + ${cents}` })
      .where(eq(users.uid, uid))
      .returning({ nowMoney: users.nowMoney });
    await tx.insert(userBill).values({
      uid,
      category: 'now_money',
      type: 'recharge',
      pm: 1,
      number: cents,
      balance: u!.nowMoney,
      // Unique per top-up: the same amount topped up again after spending it reaches the same balance.
      linkId: `test-${uid}-${u!.nowMoney}-${++seq}`,
      title: '余额充值',
    });
  });
}
