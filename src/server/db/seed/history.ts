/**
 * The demo member's history (uid 1): favourite products and shops, claimed coupons (usable, one ending in two days,
 * one used on an order, one expired), an operator top-up and orders from different shops paid by balance (one
 * received, one shipped by its merchant, one waiting to ship with an invoice asked for, one unpaid, one refunded in full
 * before it shipped), a deposit presale booked 12 days ago whose balance is payable now, and a chat with the shipped
 * order's shop. Everything goes
 * through the real services inside the seed's transaction, so every ledger, stock, coupon and order row is what the
 * mall itself would have written; the top-up equals what the paid orders and the deposit cost, so the balance stays
 * ¥500.00.
 * Runs once per database (the `seed_history` marker), at the end of `seedDemo`.
 */
import { and, asc, eq, gte, inArray, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import type { ServiceContext, SessionUser } from '../../services/context.ts';
import { createRelation } from '../../services/relation/create-relation.ts';
import { claimCoupon } from '../../services/coupon/claim-coupon.ts';
import { createCart } from '../../services/cart/create-cart.ts';
import { checkOrder } from '../../services/order/check-order.ts';
import { createOrder } from '../../services/order/create-order.ts';
import { payOrder } from '../../services/payment/pay-order.ts';
import { takeOrder } from '../../services/order/take-order.ts';
import { adjustBalance } from '../../services/operator/adjust-balance.ts';
import { authenticateMerchant } from '../../services/merchant-api/authenticate.ts';
import { shipOrder } from '../../services/merchant-api/ship-order.ts';
import { demoMerchantToken } from './merchant-tokens.ts';
import { BALANCE_PRESELL_ID } from './catalogue-promotions.ts';
import { returnOfferStock } from '../../services/merchant-api/activity-end.ts';
import { applyRefund } from '../../services/refund/apply-refund.ts';
import { approveMerchantRefund } from '../../services/refund/merchant-approve-refund.ts';
import { parseYuan, toYuan } from '../../../shared/money.ts';
import { mallDayAt } from '../../services/dates.ts';
import { CHAT_FROM, CHAT_KIND } from '../../../shared/chat.ts';
import { writeMessage } from '../../services/chat/write-message.ts';

const MARKER = 'seed_history';
export const HISTORY_UID = 1;

/** Favourite products are picked among these shops' products; the followed shops. */
const FAVOURITE_SHOPS = [6, 7, 8, 9, 10, 11, 12, 13];
export const FOLLOWED_SHOPS = [6, 7, 8];
/**
 * The shops of the orders: received (with its shop coupon), shipped, waiting to ship with an invoice, unpaid, and one
 * refunded before it shipped.
 */
const ORDER_SHOPS = { received: 6, shipped: 7, toShip: 8, unpaid: 9, refunded: 10 } as const;

/** Coupons claimed: platform ones usable, a shop coupon ending in two days, one expired; the used one is shop 6's. */
const COUPONS = { usable: [5, 7], endsSoon: 17, expired: 8, used: 16 } as const;

/** The company invoice of the order waiting to ship (a valid unified social credit code). */
export const HISTORY_INVOICE = {
  receipt_type: 1,
  receipt_title_type: 2,
  receipt_title: '北京云杉示范科技有限公司',
  duty_paragraph: '91110108MA01C8X7RW',
  email: 'invoice@example.com',
};

const DAY = 86_400_000;
/** The presale booking: its deposit paid this many days before the seed; its balance payable this many days after. */
const BOOKED_DAYS_AGO = 12;
/** The order refunded before shipping was placed this many days before the seed, refunded the next day. */
const REFUNDED_DAYS_AGO = 10;
const BALANCE_DAYS = 30;

async function memberContext(db: Db): Promise<(ServiceContext & { user: SessionUser }) | null> {
  const [u] = await db.select().from(s.users).where(eq(s.users.uid, HISTORY_UID));
  if (!u) return null;
  return {
    db,
    user: {
      uid: u.uid,
      nickname: u.nickname,
      avatar: u.avatar,
      phone: u.phone,
      phoneCode: u.phoneCode,
      isOpenMember: u.isOpenMember,
      isMoneyLevel: u.isMoneyLevel,
      scope: 'user',
    },
  };
}

/** The cheapest in-stock SKU of a shop's normal products on sale, at least `minCents` (one to a customer is fine). */
async function skuOf(db: Db, merId: number, minCents = 0) {
  const [row] = await db
    .select({ productId: s.product.productId, unique: s.productSku.unique, price: s.productSku.price })
    .from(s.productSku)
    .innerJoin(s.product, eq(s.product.productId, s.productSku.productId))
    .innerJoin(s.merchant, eq(s.merchant.merId, s.product.merId))
    .where(
      and(
        eq(s.product.merId, merId),
        eq(s.product.status, 1),
        eq(s.product.productType, 0),
        eq(s.merchant.status, true),
        eq(s.product.onceMinCount, 0),
        eq(s.product.onceMaxCount, 0),
        gte(s.productSku.stock, 20),
        gte(s.productSku.price, minCents),
      ),
    )
    .orderBy(asc(s.productSku.price), asc(s.productSku.unique))
    .limit(1);
  return row ?? null;
}

export async function seedHistory(db: Db): Promise<void> {
  const [marker] = await db.select().from(s.systemConfig).where(eq(s.systemConfig.key, MARKER));
  if (marker) return;
  const ctx = await memberContext(db);
  if (!ctx) return;
  const [address] = await db
    .select({ id: s.userAddress.addressId })
    .from(s.userAddress)
    .where(and(eq(s.userAddress.uid, HISTORY_UID), eq(s.userAddress.isDefault, true)));
  if (!address) return;

  // Favourites: two products of each of four shops, then the shops followed.
  const products = await db
    .select({ id: s.product.productId, merId: s.product.merId })
    .from(s.product)
    .innerJoin(s.merchant, eq(s.merchant.merId, s.product.merId))
    .where(
      and(inArray(s.product.merId, FAVOURITE_SHOPS), eq(s.product.status, 1), eq(s.product.productType, 0), eq(s.merchant.status, true)),
    )
    .orderBy(asc(s.product.productId));
  const perShop = new Map<number, number[]>();
  for (const p of products) perShop.set(p.merId, [...(perShop.get(p.merId) ?? []), p.id]);
  const favourites = [...perShop.values()].flatMap((ids) => ids.slice(0, 2)).slice(0, 8);
  for (const id of favourites) await createRelation(ctx, { type: 0, type_id: id });
  // A product favourited before it went off the shelf (the service refuses new ones, so the row is the old favourite).
  const [off] = await db
    .select({ id: s.product.productId })
    .from(s.product)
    .where(and(eq(s.product.status, 0), eq(s.product.productType, 0)))
    .orderBy(asc(s.product.productId))
    .limit(1);
  if (off) {
    await db
      .insert(s.relation)
      .values({ uid: HISTORY_UID, type: 0, typeId: off.id, createdAt: new Date(Date.now() - 40 * DAY) })
      .onConflictDoNothing();
  }
  for (const merId of FOLLOWED_SHOPS) await createRelation(ctx, { type: 10, type_id: merId });

  // Coupons.
  const claimed = new Map<number, number>();
  for (const id of [...COUPONS.usable, COUPONS.endsSoon, COUPONS.expired, COUPONS.used]) {
    claimed.set(id, (await claimCoupon(ctx, { id })).coupon_user_id);
  }
  const at = Date.now();
  // Claimed long enough ago to end as wanted: a coupon valid N days after its claim (coupon_type 0) was claimed N days
  // before its end, so what the shopper holds agrees with the coupon's own terms.
  const claimedToEnd = async (couponId: number, end: Date, otherwiseFrom: Date) => {
    const [c] = await db.select().from(s.coupon).where(eq(s.coupon.couponId, couponId));
    const start = c!.couponType === 0 ? new Date(end.getTime() - c!.couponTime * DAY) : otherwiseFrom;
    await db
      .update(s.couponUser)
      .set({ startTime: start, endTime: end, createdAt: start })
      .where(eq(s.couponUser.couponUserId, claimed.get(couponId)!));
  };
  await claimedToEnd(COUPONS.endsSoon, new Date(at + 2 * DAY), new Date(at));
  // Claimed weeks ago and never used: past its end, so it reads 已过期.
  await claimedToEnd(COUPONS.expired, new Date(at - 3 * DAY), new Date(at - 30 * DAY));

  // Orders: buy-now lines (the member's cart stays as it is), no coupon unless named, no points.
  const [usedCoupon] = await db.select().from(s.coupon).where(eq(s.coupon.couponId, COUPONS.used));
  const noCoupons = (merId: number, ids: number[] = []) => ({ [merId]: ids, 0: [] });
  async function order(merId: number, opts: { minCents?: number; coupon?: number; receipt?: boolean } = {}) {
    const sku = await skuOf(db, merId, opts.minCents);
    if (!sku) return null;
    const { cart_id } = await createCart(ctx!, { product_id: sku.productId, product_attr_unique: sku.unique, cart_num: 1, is_new: 1 });
    const body = {
      cart_id: [cart_id],
      address_id: address!.id,
      use_coupon: noCoupons(merId, opts.coupon ? [opts.coupon] : []),
      use_integral: false,
    };
    const check = await checkOrder(ctx!, body);
    return createOrder(ctx!, {
      ...body,
      key: check.key,
      mark: { [merId]: '' },
      receipt_data: opts.receipt ? { [merId]: HISTORY_INVOICE } : {},
    });
  }
  const received = await order(ORDER_SHOPS.received, {
    minCents: usedCoupon?.useMinPrice ?? 0,
    coupon: claimed.get(COUPONS.used),
  });
  const shipped = await order(ORDER_SHOPS.shipped);
  const toShip = await order(ORDER_SHOPS.toShip, { receipt: true });
  await order(ORDER_SHOPS.unpaid);
  // The deposit is paid first, from the welcome balance (it was 12 days ago); the top-up below covers it too. Then an
  // order 10 days ago, paid from the balance and refunded in full the next day, before it shipped.
  const booked = await bookBalancePresale(db, ctx, address.id);
  const refunded = await order(ORDER_SHOPS.refunded);
  if (refunded) await refundBeforeShipping(db, ctx, refunded.order_id);
  const paid = [received, shipped, toShip].filter((o) => o !== null);
  const total = paid.reduce((sum, o) => sum + (parseYuan(o.pay_price) ?? 0), booked?.deposit ?? 0);
  if (total > 0) {
    await adjustBalance(db, {
      uid: HISTORY_UID,
      number: (total / 100).toFixed(2),
      pm: 1,
      mark: '运营充值（演示）',
      key: 'seed-history-topup',
    });
  }
  for (const o of paid) await payOrder(ctx, { id: o.order_id, type: 'balance' });

  // The shops ship through their merchant API; the first parcel has arrived.
  const storeOrders = async (groupOrderId: number) => db.select().from(s.storeOrder).where(eq(s.storeOrder.groupOrderId, groupOrderId));
  for (const o of [received, shipped]) {
    if (!o) continue;
    for (const so of await storeOrders(o.order_id)) {
      const merchant = await authenticateMerchant({ db, user: null }, `Bearer ${demoMerchantToken(so.merId)}`);
      await shipOrder({ db, merchant }, { id: so.orderId, delivery_type: 1, delivery_name: 'sf', delivery_id: sfWaybill(so.orderId) });
    }
  }
  if (received) for (const so of await storeOrders(received.order_id)) await takeOrder(ctx, { id: so.orderId });

  // A chat with the shop of the shipped order (when it answers by chat): the member shows the order and asks, the shop
  // answers, and the answer is read.
  const [parcel] = shipped ? await storeOrders(shipped.order_id) : [];
  const [chatting] = parcel
    ? await db
        .select({ id: s.merchant.merId })
        .from(s.merchant)
        .where(and(eq(s.merchant.merId, parcel.merId), eq(s.merchant.servicesType, 0)))
    : [];
  if (parcel && chatting) {
    const member = { uid: HISTORY_UID, merId: parcel.merId, sendType: CHAT_FROM.shopper };
    const desk = { ...member, sendType: CHAT_FROM.service };
    const said = [
      await writeMessage(db, member, { msn_type: CHAT_KIND.order, msn: String(parcel.orderId) }),
      await writeMessage(db, member, { msn_type: CHAT_KIND.text, msn: '你好，这个订单大概什么时候能到？' }),
      await writeMessage(db, desk, { msn_type: CHAT_KIND.text, msn: '亲，已经顺丰发出了，一般两到三天送达，请留意物流信息～' }),
      await writeMessage(db, member, { msn_type: CHAT_KIND.emoji, msn: '👍' }),
    ];
    // Two days ago (the day after the parcel left), a few minutes apart, all read.
    for (const [i, m] of said.entries()) {
      await db
        .update(s.chatMessage)
        .set({
          createdAt: sql`now() - make_interval(days => 2) + make_interval(mins => ${i * 4})`,
          readAt: sql`now() - make_interval(days => 1)`,
        })
        .where(eq(s.chatMessage.serviceLogId, m.serviceLogId));
    }
  }

  // Spread the history over the last week (the services stamp everything "now"): the top-up and the received order
  // first, then the shipped one, the one waiting to ship yesterday; the unpaid order stays fresh (it is still payable).
  // The welcome balance and points (seed/buying.ts) came with the account, a month before.
  await db
    .update(s.userBill)
    .set({ createdAt: sql`${s.userBill.createdAt} - make_interval(days => 30)` })
    .where(and(eq(s.userBill.uid, HISTORY_UID), eq(s.userBill.linkId, 'seed')));
  await backdate(db, `seed-history-topup`, received?.order_id, 6);
  await backdate(db, null, shipped?.order_id, 3);
  await backdate(db, null, toShip?.order_id, 1);
  if (booked) await backdate(db, null, booked.groupOrderId, BOOKED_DAYS_AGO);
  if (refunded) {
    await backdate(db, null, refunded.order_id, REFUNDED_DAYS_AGO);
    await refundNextDay(db, refunded.order_id);
  }
  // A shop ships hours after the order, and a parcel takes days: the received order shipped the next morning and
  // arrived three days after it was placed, the shipped one left five hours after it.
  if (received) await shipAfter(db, received.order_id, 18, 70);
  if (shipped) await shipAfter(db, shipped.order_id, 5);
  // An invoice asked for at checkout carries its order's time: the seed runs in one transaction, and the row's
  // default (now()) is that transaction's start, seconds before the order it was asked with.
  await db
    .update(s.orderReceipt)
    .set({ createdAt: sql`${s.storeOrder.createdAt}` })
    .from(s.storeOrder)
    .where(and(eq(s.orderReceipt.orderId, s.storeOrder.orderId), eq(s.orderReceipt.uid, HISTORY_UID)));
  // The member heard of the shipments and the refund when they happened, days ago, and the shops of the orders and
  // requests: their SMS are not sent at start.
  await db.delete(s.job).where(and(inArray(s.job.kind, ['shopper.notify', 'merchant.notify']), eq(s.job.state, 'queued')));

  await db.insert(s.systemConfig).values({ key: MARKER, value: 1 }).onConflictDoNothing();
}

/**
 * Pays a seeded order from the balance and has it refunded in full before shipping: the shopper asks (仅退款) and the
 * shop agrees through its own service, so the money goes back to the balance with its ledger row.
 */
async function refundBeforeShipping(db: Db, ctx: ServiceContext & { user: SessionUser }, groupOrderId: number): Promise<void> {
  await payOrder(ctx, { id: groupOrderId, type: 'balance' });
  for (const so of await db.select().from(s.storeOrder).where(eq(s.storeOrder.groupOrderId, groupOrderId))) {
    const items = await db.select().from(s.storeOrderProduct).where(eq(s.storeOrderProduct.orderId, so.orderId));
    const asked = await applyRefund(ctx, {
      order_id: so.orderId,
      type: 1,
      refund_type: 1,
      num: items.reduce((n, i) => n + i.productNum, 0),
      ids: items.map((i) => i.orderProductId),
      refund_message: '信息填错了，重新拍',
      mark: '颜色拍错了，已重新下单',
      refund_price: toYuan(so.payPrice),
    });
    const merchant = await authenticateMerchant({ db, user: null }, `Bearer ${demoMerchantToken(so.merId)}`);
    await approveMerchantRefund({ db, merchant }, { id: asked.refund_order_id });
  }
}

/**
 * The refund of a moved order a day after it (`backdate` moved it with the order): the request, its timeline rows,
 * the money back and its number, which carries its date.
 */
async function refundNextDay(db: Db, groupOrderId: number): Promise<void> {
  // Asked 22 hours after the order, agreed and paid back 2 hours later.
  const hoursAfterOrder = (h: number) => sql`${s.storeOrder.createdAt} + make_interval(hours => ${h})`;
  const orders = await db.select({ id: s.storeOrder.orderId }).from(s.storeOrder).where(eq(s.storeOrder.groupOrderId, groupOrderId));
  const ids = orders.map((o) => o.id);
  if (!ids.length) return;
  const before = await db.select().from(s.refundOrder).where(inArray(s.refundOrder.orderId, ids));
  for (const r of before) {
    const [moved] = await db
      .update(s.refundOrder)
      .set({ createdAt: hoursAfterOrder(22), statusTime: hoursAfterOrder(24), refundedAt: hoursAfterOrder(24) })
      .from(s.storeOrder)
      .where(and(eq(s.refundOrder.refundOrderId, r.refundOrderId), eq(s.storeOrder.orderId, s.refundOrder.orderId)))
      .returning();
    if (!moved) continue;
    const [{ sn } = { sn: r.refundOrderSn }] = await db
      .update(s.refundOrder)
      .set({ refundOrderSn: snAt(s.refundOrder.refundOrderSn, s.refundOrder.createdAt, 'rf') })
      .where(eq(s.refundOrder.refundOrderId, r.refundOrderId))
      .returning({ sn: s.refundOrder.refundOrderSn });
    // The timeline's agreeing and paying rows, when agreed; their messages name the request by its new number.
    await db
      .update(s.storeOrderStatus)
      .set({
        createdAt: moved.refundedAt ?? moved.createdAt,
        changeMessage: sql`replace(${s.storeOrderStatus.changeMessage}, ${r.refundOrderSn}, ${sn})`,
      })
      .where(and(eq(s.storeOrderStatus.orderId, r.orderId), sql`${s.storeOrderStatus.changeType} like 'refund%'`));
    await db
      .update(s.userBill)
      .set({
        createdAt: moved.refundedAt ?? moved.createdAt,
        linkId: sn,
        mark: sql`replace(${s.userBill.mark}, ${r.refundOrderSn}, ${sn})`,
      })
      .where(and(eq(s.userBill.uid, HISTORY_UID), eq(s.userBill.linkId, r.refundOrderSn)));
  }
}

/**
 * Puts a seeded group order's shipment `shippedHours` after it was placed and its receipt, when it has one,
 * `takenHours` after (the services stamp both the moment they run): the times, their timeline rows, the automatic
 * receipt still due and the points earned on receipt.
 */
async function shipAfter(db: Db, groupOrderId: number, shippedHours: number, takenHours?: number): Promise<void> {
  const hours = (h: number) => sql`${s.storeOrder.createdAt} + make_interval(hours => ${h})`;
  const orders = await db
    .update(s.storeOrder)
    .set({
      deliveryTime: hours(shippedHours),
      takeTime:
        takenHours === undefined
          ? s.storeOrder.takeTime
          : sql`case when ${s.storeOrder.takeTime} is null then null else ${hours(takenHours)} end`,
    })
    .where(eq(s.storeOrder.groupOrderId, groupOrderId))
    .returning({ id: s.storeOrder.orderId, deliveryTime: s.storeOrder.deliveryTime, takeTime: s.storeOrder.takeTime });
  for (const o of orders) {
    const when = (changeType: SQL, at: Date | null) =>
      at
        ? db
            .update(s.storeOrderStatus)
            .set({ createdAt: at })
            .where(and(eq(s.storeOrderStatus.orderId, o.id), changeType))
        : null;
    await when(sql`${s.storeOrderStatus.changeType} like 'delivery_%'`, o.deliveryTime);
    // The automatic receipt stays as long after the shipment as it was queued (order_take_days).
    if (o.deliveryTime) {
      await db
        .update(s.job)
        .set({ runAt: sql`${o.deliveryTime}::timestamptz + (${s.job.runAt} - ${s.job.createdAt})` })
        .where(and(eq(s.job.kind, 'order.receive'), eq(s.job.key, String(o.id)), eq(s.job.state, 'queued')));
    }
    await when(eq(s.storeOrderStatus.changeType, 'take_delivery'), o.takeTime);
    if (o.takeTime) {
      await db
        .update(s.userBill)
        .set({ createdAt: o.takeTime })
        .where(and(eq(s.userBill.uid, HISTORY_UID), eq(s.userBill.type, 'order_give'), eq(s.userBill.linkId, String(o.id))));
    }
  }
}

/**
 * The member's booking of the deposit presale in its balance window (`BALANCE_PRESELL_ID`), so the demo has a balance
 * to pay (预售订单 → 待付尾款 → 立即付款). Its dates move to around today: the deposit phase ran from 20 to 10 days ago
 * (the member booked and paid the deposit 12 days ago, by balance) and the balance is payable from 10 days ago for
 * `BALANCE_DAYS` days. The booking goes through the services while the deposit phase is still open; then the phase
 * closes. Skipped (null) when no SKU's deposit fits the welcome balance.
 */
async function bookBalancePresale(
  db: Db,
  ctx: ServiceContext & { user: SessionUser },
  addressId: number,
): Promise<{ groupOrderId: number; deposit: number } | null> {
  const [presale] = await db.select().from(s.presell).where(eq(s.presell.productPresellId, BALANCE_PRESELL_ID));
  if (!presale) return null;
  const [sku] = await db
    .select({ unique: s.productSku.unique })
    .from(s.productSku)
    .where(and(eq(s.productSku.productId, presale.productId), gte(s.productSku.stock, 1), lte(s.productSku.downPrice, 30_000)))
    .orderBy(asc(s.productSku.price), asc(s.productSku.unique))
    .limit(1);
  if (!sku) return null;
  // Whole mall days: today's 00:00 in Beijing, and days from it.
  const today = mallDayAt(new Date(), 0).getTime();
  const ended = new Date(today - 10 * DAY);
  const where = eq(s.presell.productPresellId, BALANCE_PRESELL_ID);
  await db
    .update(s.presell)
    .set({
      startTime: new Date(today - 20 * DAY),
      endTime: new Date(today + 2 * DAY),
      finalStartTime: ended,
      finalEndTime: new Date(today + (BALANCE_DAYS + 1) * DAY - 1000),
    })
    .where(where);
  const { cart_id } = await createCart(ctx, {
    product_id: BALANCE_PRESELL_ID,
    product_attr_unique: sku.unique,
    cart_num: 1,
    is_new: 1,
    product_type: 2,
  });
  const body = { cart_id: [cart_id], address_id: addressId, use_coupon: {}, use_integral: false };
  const check = await checkOrder(ctx, body);
  const placed = await createOrder(ctx, { ...body, key: check.key, mark: {}, receipt_data: {} });
  await payOrder(ctx, { id: placed.order_id, type: 'balance' });
  await db
    .update(s.presell)
    .set({ endTime: new Date(ended.getTime() - 1000) })
    .where(where);
  // Its deposit phase is over: what it did not sell goes back to the product it was taken from (catalogue-promotions.ts),
  // as the offer's end does.
  await returnOfferStock(db, presale.productId);
  return { groupOrderId: placed.order_id, deposit: parseYuan(placed.pay_price) ?? 0 };
}

/**
 * Moves one seeded group order's times (and its store orders, their timelines, payment, invoice, used coupon and
 * ledger rows), and optionally an operator top-up's ledger row, `days` back.
 */
async function backdate(db: Db, topUpKey: string | null, groupOrderId: number | undefined, days: number): Promise<void> {
  const back = sql`make_interval(days => ${days})`;
  if (topUpKey) {
    await db
      .update(s.userBill)
      .set({ createdAt: sql`${s.userBill.createdAt} - ${back}` })
      .where(and(eq(s.userBill.uid, HISTORY_UID), sql`${s.userBill.linkId} like ${`%${topUpKey}%`}`));
  }
  if (!groupOrderId) return;
  const shift = <T extends AnyColumn>(c: T) => sql`${c} - ${back}`;
  await db
    .update(s.storeGroupOrder)
    .set({
      createdAt: shift(s.storeGroupOrder.createdAt),
      payTime: shift(s.storeGroupOrder.payTime),
      cancelTime: shift(s.storeGroupOrder.cancelTime),
    })
    .where(eq(s.storeGroupOrder.groupOrderId, groupOrderId));
  const orders = await db
    .update(s.storeOrder)
    .set({
      createdAt: shift(s.storeOrder.createdAt),
      payTime: shift(s.storeOrder.payTime),
      deliveryTime: shift(s.storeOrder.deliveryTime),
      takeTime: shift(s.storeOrder.takeTime),
    })
    .where(eq(s.storeOrder.groupOrderId, groupOrderId))
    .returning({ id: s.storeOrder.orderId });
  const orderIds = orders.map((o) => o.id);
  if (orderIds.length) {
    await db
      .update(s.presellOrder)
      .set({ createdAt: shift(s.presellOrder.createdAt) })
      .where(inArray(s.presellOrder.orderId, orderIds));
  }
  await db
    .update(s.storeOrderStatus)
    .set({ createdAt: shift(s.storeOrderStatus.createdAt) })
    .where(eq(s.storeOrderStatus.groupOrderId, groupOrderId));
  await db
    .update(s.payment)
    .set({ createdAt: shift(s.payment.createdAt), paidAt: shift(s.payment.paidAt), expiresAt: shift(s.payment.expiresAt) })
    .where(and(eq(s.payment.subject, 'group'), eq(s.payment.subjectId, groupOrderId)));
  if (orderIds.length) {
    await db
      .update(s.orderReceipt)
      .set({ createdAt: shift(s.orderReceipt.createdAt) })
      .where(inArray(s.orderReceipt.orderId, orderIds));
  }
  await db
    .update(s.couponUser)
    .set({ useTime: shift(s.couponUser.useTime) })
    .where(eq(s.couponUser.groupOrderId, groupOrderId));
  // Ledger rows: payment and points spent are linked to the group order, points earned on receipt to the store order.
  await db
    .update(s.userBill)
    .set({ createdAt: shift(s.userBill.createdAt) })
    .where(
      and(
        eq(s.userBill.uid, HISTORY_UID),
        or(
          and(ne(s.userBill.type, 'order_give'), eq(s.userBill.linkId, String(groupOrderId))),
          and(eq(s.userBill.type, 'order_give'), inArray(s.userBill.linkId, orderIds.map(String))),
        ),
      ),
    );
  await renumber(db, groupOrderId);
}

/** A number for its (moved) creation time, as `orderSn` writes them: `wx` (or `prefix`), mall time to the second, its own 6 digits. */
const snAt = (sn: AnyColumn, createdAt: AnyColumn, prefix = 'wx') =>
  sql<string>`${prefix} || to_char((${createdAt} at time zone 'UTC') + interval '8 hours', 'YYYYMMDDHH24MISS') || right(${sn}, 6)`;

/** Gives a moved group order and its store orders the numbers of their new dates, in the ledger's notes too. */
async function renumber(db: Db, groupOrderId: number): Promise<void> {
  const [group] = await db
    .select({ old: s.storeGroupOrder.groupOrderSn })
    .from(s.storeGroupOrder)
    .where(eq(s.storeGroupOrder.groupOrderId, groupOrderId));
  const [moved] = await db
    .update(s.storeGroupOrder)
    .set({ groupOrderSn: snAt(s.storeGroupOrder.groupOrderSn, s.storeGroupOrder.createdAt) })
    .where(eq(s.storeGroupOrder.groupOrderId, groupOrderId))
    .returning({ sn: s.storeGroupOrder.groupOrderSn });
  const before = await db
    .select({ id: s.storeOrder.orderId, old: s.storeOrder.orderSn })
    .from(s.storeOrder)
    .where(eq(s.storeOrder.groupOrderId, groupOrderId));
  const after = await db
    .update(s.storeOrder)
    .set({ orderSn: snAt(s.storeOrder.orderSn, s.storeOrder.createdAt) })
    .where(eq(s.storeOrder.groupOrderId, groupOrderId))
    .returning({ id: s.storeOrder.orderId, sn: s.storeOrder.orderSn });
  const pairs: [string, string][] = before.map((b) => [b.old, after.find((a) => a.id === b.id)!.sn]);
  if (group && moved) pairs.push([group.old, moved.sn]);
  // A presale's balance number is its order's with `ps` for `wx` (payment/settle.ts).
  for (const a of after) {
    await db
      .update(s.presellOrder)
      .set({ presellOrderSn: `ps${a.sn.slice(2)}` })
      .where(eq(s.presellOrder.orderId, a.id));
  }
  for (const [old, sn] of pairs) {
    await db
      .update(s.userBill)
      .set({ mark: sql`replace(${s.userBill.mark}, ${old}, ${sn})` })
      .where(and(eq(s.userBill.uid, HISTORY_UID), sql`${s.userBill.mark} like ${`%${old}%`}`));
  }
}

/** Shops whose products the history touched (for tests that want to stay clear of them). */
export const HISTORY_SHOPS = [...new Set([...FAVOURITE_SHOPS, ...Object.values(ORDER_SHOPS)])];

/**
 * A waybill number of the shape SF Express prints (SF and 13 digits, from 1), the same for an order on every seed:
 * the order id spread over the digits by a multiplier coprime to 10^12, so neighbouring orders get unrelated numbers.
 */
export function sfWaybill(orderId: number): string {
  const spread = (BigInt(orderId) * 7_919_000_017n + 433_494_437n) % 1_000_000_000_000n;
  return `SF1${spread.toString().padStart(12, '0')}`;
}
