import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessage, product, refundOrder, refundProduct, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import {
  CHAT_KIND,
  type ChatKind,
  type ChatMessageDto,
  type ChatOrderCard,
  type ChatProductCard,
  type ChatRefundCard,
} from '../../../shared/chat.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';

export type ChatRow = typeof chatMessage.$inferSelect;

/** The names on a conversation's messages: the shopper's and the desk's. */
export interface ChatParties {
  user: (uid: number) => { nickname: string; avatar: string };
  service: (merId: number) => { nickname: string; avatar: string };
}

const ids = (rows: ChatRow[], kind: number) => [
  ...new Set(
    rows
      .filter((r) => r.msnType === kind)
      .map((r) => Number(r.msn))
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
];

/** Product cards by id, as they are now (price, stock and sales move after the message was sent). */
async function productCards(db: Db, rows: ChatRow[]): Promise<Map<number, ChatProductCard>> {
  const wanted = ids(rows, CHAT_KIND.product);
  if (!wanted.length) return new Map();
  const found = await db
    .select({
      id: product.productId,
      name: product.storeName,
      image: product.image,
      price: product.price,
      stock: product.stock,
      sales: product.sales,
    })
    .from(product)
    .where(inArray(product.productId, wanted));
  return new Map(
    found.map((p) => [
      p.id,
      { product_id: p.id, store_name: p.name, image: p.image, price: toYuan(p.price), stock: p.stock, sales: p.sales },
    ]),
  );
}

/** Order cards by id, each only for the conversation it was sent in (its shopper, its shop). */
async function orderCards(db: Db, rows: ChatRow[]): Promise<Map<number, ChatOrderCard & { uid: number; merId: number }>> {
  const wanted = ids(rows, CHAT_KIND.order);
  if (!wanted.length) return new Map();
  const orders = await db
    .select({
      id: storeOrder.orderId,
      sn: storeOrder.orderSn,
      uid: storeOrder.uid,
      merId: storeOrder.merId,
      totalNum: storeOrder.totalNum,
      payPrice: storeOrder.payPrice,
      status: storeOrder.status,
    })
    .from(storeOrder)
    .where(inArray(storeOrder.orderId, wanted));
  const items = await db
    .select({ orderId: storeOrderProduct.orderId, snapshot: storeOrderProduct.snapshot })
    .from(storeOrderProduct)
    .where(inArray(storeOrderProduct.orderId, wanted))
    .orderBy(asc(storeOrderProduct.orderProductId));
  const first = new Map<number, { image: string; store_name: string }>();
  for (const i of items) if (!first.has(i.orderId)) first.set(i.orderId, i.snapshot);
  return new Map(
    orders.map((o) => [
      o.id,
      {
        order_id: o.id,
        order_sn: o.sn,
        total_num: o.totalNum,
        pay_price: toYuan(o.payPrice),
        status: o.status,
        image: first.get(o.id)?.image ?? '',
        store_name: first.get(o.id)?.store_name ?? '',
        uid: o.uid,
        merId: o.merId,
      },
    ]),
  );
}

/** Refund cards by id, each only for the conversation it was sent in. */
async function refundCards(db: Db, rows: ChatRow[]): Promise<Map<number, ChatRefundCard & { uid: number; merId: number }>> {
  const wanted = ids(rows, CHAT_KIND.refund);
  if (!wanted.length) return new Map();
  const refunds = await db
    .select({
      id: refundOrder.refundOrderId,
      sn: refundOrder.refundOrderSn,
      uid: refundOrder.uid,
      merId: refundOrder.merId,
      num: refundOrder.refundNum,
      price: refundOrder.refundPrice,
      status: refundOrder.status,
    })
    .from(refundOrder)
    .where(inArray(refundOrder.refundOrderId, wanted));
  const items = await db
    .select({ refundId: refundProduct.refundOrderId, snapshot: storeOrderProduct.snapshot })
    .from(refundProduct)
    .innerJoin(storeOrderProduct, eq(storeOrderProduct.orderProductId, refundProduct.orderProductId))
    .where(inArray(refundProduct.refundOrderId, wanted))
    .orderBy(asc(refundProduct.orderProductId));
  const image = new Map<number, string>();
  for (const i of items) if (!image.has(i.refundId)) image.set(i.refundId, i.snapshot.image);
  return new Map(
    refunds.map((r) => [
      r.id,
      {
        refund_order_id: r.id,
        refund_order_sn: r.sn,
        refund_num: r.num,
        refund_price: toYuan(r.price),
        status: r.status,
        image: image.get(r.id) ?? '',
        uid: r.uid,
        merId: r.merId,
      },
    ]),
  );
}

/** Messages as the API gives them, with their cards read now (a card outside its conversation is left out). */
export async function toChatMessages(db: Db, rows: ChatRow[], parties: ChatParties): Promise<ChatMessageDto[]> {
  const [products, orders, refunds] = await Promise.all([productCards(db, rows), orderCards(db, rows), refundCards(db, rows)]);
  return rows.map((r) => {
    const dto: ChatMessageDto = {
      service_log_id: r.serviceLogId,
      mer_id: r.merId,
      uid: r.uid,
      send_type: r.sendType,
      msn_type: r.msnType as ChatKind,
      msn: r.msn,
      create_time: formatDateTime(r.createdAt) ?? '',
      user: parties.user(r.uid),
      service: parties.service(r.merId),
    };
    const id = Number(r.msn);
    if (r.msnType === CHAT_KIND.product) {
      const card = products.get(id);
      if (card) dto.product = card;
    } else if (r.msnType === CHAT_KIND.order) {
      const card = orders.get(id);
      if (card && card.uid === r.uid && card.merId === r.merId) {
        const { uid: _u, merId: _m, ...rest } = card;
        dto.orderInfo = rest;
      }
    } else if (r.msnType === CHAT_KIND.refund) {
      const card = refunds.get(id);
      if (card && card.uid === r.uid && card.merId === r.merId) {
        const { uid: _u, merId: _m, ...rest } = card;
        dto.refundOrder = rest;
      }
    }
    return dto;
  });
}
