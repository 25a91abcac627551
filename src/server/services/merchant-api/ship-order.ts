import { randomInt } from 'node:crypto';
import { and, eq, isNull, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { DELIVERY_TYPE, ORDER_STATUS, storeOrder, storeOrderStatus } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { queueShopperNotice } from '../order/shopper-notices.ts';
import { findExpress } from '../../../shared/express.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { RIDER_PHONE, shipBody, TRACKING_NUMBER, type ShipBody } from '../../../shared/schemas/merchant-api.ts';
import { now } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { readSettings } from '../site/read-settings.ts';
import { requireMerchant, type MerchantContext } from './context.ts';
import { findMerchantOrder, lockedRefunding, notWaitingToShip } from './find-order.ts';
import { merchantOrderDtos, type MerchantOrderDto } from './order-dto.ts';

export const SHIP_TEXT = {
  shipped: '订单已发货',
  pickup: '到店自提订单无需发货，请核销提货码',
  presell: '预售订单尚未支付尾款，不能发货',
  closed: '订单已关闭，不能发货',
  refunded: '订单已退款，不能发货',
  refunding: '订单有退款申请处理中，请先处理后再发货',
  status: '订单当前状态不能发货',
  company: '请选择快递公司',
  unknownCompany: '快递公司不正确，请使用快递公司列表（GET /api/common/express）中的名称或编码',
  companyConflict: '快递公司名称（delivery_name）与编码（delivery_code）不是同一家，请只填其一或改正',
  trackingMissing: '请填写快递单号',
  tracking: '快递单号格式不正确（5-32位字母、数字或“-”）',
  riderMissing: '请填写配送员姓名',
  riderLong: '配送员姓名不能超过20个字',
  riderPhoneMissing: '请填写配送员手机号',
  riderPhone: '配送员手机号格式不正确',
  notShipped: '订单尚未发货，请直接发货',
  received: '订单已收货，不能修改物流信息',
  noParcel: '修改物流信息只能改为快递或同城配送',
  unchanged: '物流信息没有变化',
  changedMeanwhile: '物流信息刚被修改过，请查看订单后再试',
} as const;

/** Days after shipping an order is received automatically (setting `order_take_days`, 1 to 90, default 7). */
export const DEFAULT_TAKE_DAYS = 7;
const DAY_MS = 86_400_000;

export async function orderTakeDays(db: Db): Promise<number> {
  const v = (await readSettings({ db })).get('order_take_days');
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 90 ? n : DEFAULT_TAKE_DAYS;
}

const refuse = (m: string) => new ServiceError('refused', m);

/** Why an order cannot be shipped now (null: it can). */
function shipRefusal(o: Pick<typeof storeOrder.$inferSelect, 'status' | 'orderType'>): string | null {
  if (o.orderType === 1) return SHIP_TEXT.pickup;
  return notWaitingToShip(o, {
    gone: SHIP_TEXT.shipped,
    presell: SHIP_TEXT.presell,
    closed: SHIP_TEXT.closed,
    refunded: SHIP_TEXT.refunded,
    other: SHIP_TEXT.status,
  });
}

interface Shipment {
  deliveryType: number;
  deliveryName: string;
  deliveryId: string;
  deliveryCode: string;
  /** What the timeline says of the parcel (快递公司：…，快递单号：…), after 已发货 or 修改物流信息. */
  detail: string;
}

/** The shipment a body describes, each missing or malformed field refused with its own message. */
function shipmentOf(body: z.output<typeof shipBody>): Shipment {
  if (body.delivery_type === DELIVERY_TYPE.express) {
    const named = body.delivery_code || body.delivery_name;
    if (!named) throw refuse(SHIP_TEXT.company);
    const company = findExpress(named);
    if (!company) throw refuse(SHIP_TEXT.unknownCompany);
    // A name and a code that name two different companies: the parcel would be tracked at the wrong one.
    const byName = body.delivery_code && body.delivery_name ? findExpress(body.delivery_name) : null;
    if (byName && byName.code !== company.code) throw refuse(SHIP_TEXT.companyConflict);
    if (!body.delivery_id) throw refuse(SHIP_TEXT.trackingMissing);
    if (!TRACKING_NUMBER.test(body.delivery_id)) throw refuse(SHIP_TEXT.tracking);
    const number = body.delivery_id.toUpperCase();
    return {
      deliveryType: DELIVERY_TYPE.express,
      deliveryName: company.name,
      deliveryId: number,
      deliveryCode: company.code,
      detail: `快递公司：${company.name}，快递单号：${number}`,
    };
  }
  if (body.delivery_type === DELIVERY_TYPE.rider) {
    if (!body.delivery_name) throw refuse(SHIP_TEXT.riderMissing);
    if ([...body.delivery_name].length > 20) throw refuse(SHIP_TEXT.riderLong);
    if (!body.delivery_id) throw refuse(SHIP_TEXT.riderPhoneMissing);
    if (!RIDER_PHONE.test(body.delivery_id)) throw refuse(SHIP_TEXT.riderPhone);
    return {
      deliveryType: DELIVERY_TYPE.rider,
      deliveryName: body.delivery_name,
      deliveryId: body.delivery_id,
      deliveryCode: '',
      detail: `配送员：${body.delivery_name}，电话：${body.delivery_id}`,
    };
  }
  return { deliveryType: DELIVERY_TYPE.none, deliveryName: '', deliveryId: '', deliveryCode: '', detail: '无需物流' };
}

/**
 * `POST /api/merchant/order/delivery/{order_id}`: ships one of the merchant's paid express orders that waits to ship
 * (status 0; not a pickup order, not a presale awaiting its balance, no refund in progress). In one transaction under the
 * store order's row lock (so a refund request committed meanwhile is seen): status 0 → 1 by a
 * conditional update (so shipping twice, or two requests at once, ships once: the other is refused 订单已发货),
 * `delivery_time`, a 6-digit `finish_code` for a rider delivery (the shopper tells it to the rider), the timeline
 * row, the `order.receive` job due `order_take_days` days later (key: the order id), and the shopper's SMS
 * (`shopper.notify`).
 */
export async function shipOrder(ctx: MerchantContext, input: { id: unknown } & Partial<ShipBody>): Promise<MerchantOrderDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const body = parseInput(shipBody, input);
  const o = await findMerchantOrder(ctx.db, merId, id);
  const refusal = shipRefusal(o);
  if (refusal) throw refuse(refusal);
  const s = shipmentOf(body);
  const takeDays = await orderTakeDays(ctx.db);
  const at = now();
  const shipped = await transaction(ctx.db, async (tx) => {
    // An order with a refund in progress never ships, a request committed while this waited included.
    if (await lockedRefunding(tx, o.orderId)) throw refuse(SHIP_TEXT.refunding);
    const [row] = await tx
      .update(storeOrder)
      .set({
        status: ORDER_STATUS.toReceive,
        deliveryType: s.deliveryType,
        deliveryName: s.deliveryName,
        deliveryId: s.deliveryId,
        deliveryCode: s.deliveryCode,
        deliveryTime: at,
        finishCode: s.deliveryType === DELIVERY_TYPE.rider ? String(randomInt(100_000, 1_000_000)) : '',
      })
      .where(
        and(
          eq(storeOrder.orderId, o.orderId),
          eq(storeOrder.merId, merId),
          eq(storeOrder.paid, true),
          eq(storeOrder.status, ORDER_STATUS.toShip),
          eq(storeOrder.orderType, 0),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(storeOrderStatus).values({
      orderId: row.orderId,
      groupOrderId: row.groupOrderId,
      changeType: `delivery_${s.deliveryType}`,
      changeMessage: `已发货，${s.detail}`,
      createdAt: at,
    });
    await enqueue(
      tx,
      'order.receive',
      { orderId: row.orderId },
      { runAt: new Date(at.getTime() + takeDays * DAY_MS), key: String(row.orderId) },
    );
    // The shopper hears of it by SMS, with the parcel (sent by the job after this commits).
    await queueShopperNotice(tx, { event: 'shipped', orderId: row.orderId });
    return row;
  });
  if (!shipped) {
    // Another request shipped (or refunded) it meanwhile: say what it is now.
    throw refuse(shipRefusal(await findMerchantOrder(ctx.db, merId, id)) ?? SHIP_TEXT.shipped);
  }
  return (await merchantOrderDtos(ctx.db, [shipped]))[0]!;
}

/**
 * `POST /api/merchant/order/delivery_update/{order_id}` `{delivery_type: 1|2, delivery_name, delivery_code?,
 * delivery_id}`: corrects the carrier and tracking number (or rider and phone) of one of the merchant's orders shipped
 * and not yet received (status 1), checked as shipping checks them. The shipping time and the automatic receipt stay;
 * a rider's delivery gets a receipt code if it had none. The timeline says what changed; the shopper's order and
 * tracking follow the new number. A conditional update on the old values: two corrections at once, or one racing the
 * receipt, change it once (the other is refused with what the order is now).
 */
export async function correctShipment(ctx: MerchantContext, input: { id: unknown } & Partial<ShipBody>): Promise<MerchantOrderDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const body = parseInput(shipBody, input);
  const o = await findMerchantOrder(ctx.db, merId, id);
  const refusal = correctionRefusal(o);
  if (refusal) throw refuse(refusal);
  if (body.delivery_type === DELIVERY_TYPE.none) throw refuse(SHIP_TEXT.noParcel);
  const s = shipmentOf(body);
  if (s.deliveryType === o.deliveryType && s.deliveryName === o.deliveryName && s.deliveryId === o.deliveryId) {
    throw refuse(SHIP_TEXT.unchanged);
  }
  const at = now();
  const finishCode =
    s.deliveryType !== DELIVERY_TYPE.rider
      ? ''
      : o.deliveryType === DELIVERY_TYPE.rider && o.finishCode
        ? o.finishCode
        : String(randomInt(100_000, 1_000_000));
  const changed = await transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(storeOrder)
      .set({
        deliveryType: s.deliveryType,
        deliveryName: s.deliveryName,
        deliveryId: s.deliveryId,
        deliveryCode: s.deliveryCode,
        finishCode,
      })
      .where(
        and(
          eq(storeOrder.orderId, o.orderId),
          eq(storeOrder.merId, merId),
          eq(storeOrder.status, ORDER_STATUS.toReceive),
          same(storeOrder.deliveryType, o.deliveryType),
          same(storeOrder.deliveryName, o.deliveryName),
          same(storeOrder.deliveryId, o.deliveryId),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(storeOrderStatus).values({
      orderId: row.orderId,
      groupOrderId: row.groupOrderId,
      changeType: 'delivery_update',
      changeMessage: `修改物流信息，${s.detail}`,
      createdAt: at,
    });
    return row;
  });
  if (!changed) throw refuse(correctionRefusal(await findMerchantOrder(ctx.db, merId, id)) ?? SHIP_TEXT.changedMeanwhile);
  return (await merchantOrderDtos(ctx.db, [changed]))[0]!;
}

/** The column still holds the value read (null included). */
const same = (col: AnyColumn, v: string | number | null) => (v === null ? isNull(col) : eq(col, v));

/** Why an order's shipment cannot be corrected now (null: it can). */
function correctionRefusal(o: Pick<typeof storeOrder.$inferSelect, 'status' | 'orderType'>): string | null {
  if (o.orderType === 1) return SHIP_TEXT.pickup;
  if (o.status === ORDER_STATUS.toReceive) return null;
  if (o.status === ORDER_STATUS.toReview || o.status === ORDER_STATUS.done) return SHIP_TEXT.received;
  if (o.status === ORDER_STATUS.refunded) return SHIP_TEXT.refunded;
  return SHIP_TEXT.notShipped;
}
