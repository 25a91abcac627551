// Buying over HTTP for browser and API specs: pick a SKU through the public API, put it in a fresh shopper's cart,
// check out, and pay through the sandbox gateway as a phone would (the QR ticket confirmed at /api/sandbox/pay, the
// gateway's notification reaching the shop). Each spec makes its own shopper (accounts.ts freshShopper).
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { okBody } from './accounts.ts';

export interface Sku {
  product_id: number;
  unique: string;
  price: number;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An in-stock SKU (price ≥ `minPrice` yuan, no quantity rule) of a normal product of merchant `merId`, other than `not`. */
export async function skuOf(api: APIRequestContext, merId: number, not: number[] = [], minPrice = 100): Promise<Sku> {
  const { data } = await okBody(await api.get(`/api/product/spu/merchant/${merId}?limit=30`));
  for (const p of data.list as { product_id: number; product_type: number }[]) {
    if (p.product_type !== 0 || not.includes(p.product_id)) continue;
    const detail = (await okBody(await api.get(`/api/store/product/detail/${p.product_id}`))).data;
    if (detail.once_min_count || detail.once_max_count) continue;
    const sku = Object.values(detail.sku as Record<string, { unique: string; stock: number; price: string }>).find(
      (s) => s.stock > 10 && Number(s.price) >= minPrice,
    );
    if (sku) return { product_id: p.product_id, unique: sku.unique, price: Number(sku.price) };
  }
  throw new Error(`no SKU for merchant ${merId}`);
}

export async function stockOf(api: APIRequestContext, sku: Sku): Promise<number> {
  const detail = (await okBody(await api.get(`/api/store/product/detail/${sku.product_id}`))).data;
  return Object.values(detail.sku as Record<string, { unique: string; stock: number }>).find((s) => s.unique === sku.unique)!.stock;
}

export async function addLine(api: APIRequestContext, token: string, sku: Sku, n = 1): Promise<number> {
  const res = await api.post('/api/user/cart/create', {
    headers: bearer(token),
    data: { product_id: sku.product_id, product_attr_unique: sku.unique, cart_num: n, is_new: 0, product_type: 0 },
  });
  return (await okBody(res)).data.cart_id;
}

/** A Beijing address through the address API. */
export async function addAddress(api: APIRequestContext, token: string): Promise<number> {
  const res = await api.post('/api/user/address/create', {
    headers: bearer(token),
    data: {
      address_id: 0,
      real_name: '赵晓雨',
      phone: '13612345678',
      detail: '东华门大街 6 号',
      is_default: 1,
      area: [{ id: 11 }, { id: 1101 }, { id: 110101 }, { id: 110101001 }],
    },
  });
  return (await okBody(res)).data.address_id;
}

/** Checks out `cartIds` (the default address) and creates the order; the group order id and its payable (yuan). */
export async function placeOrder(api: APIRequestContext, token: string, cartIds: number[]): Promise<{ id: number; pay: string }> {
  const check = (await okBody(await api.post('/api/v2/order/check', { headers: bearer(token), data: { cart_id: cartIds } }))).data;
  const order = (
    await okBody(await api.post('/api/v2/order/create', { headers: bearer(token), data: { cart_id: cartIds, key: check.key } }))
  ).data;
  return { id: order.order_id, pay: order.pay_price };
}

/** Pays a group order by the sandbox's WeChat QR code, confirmed as the payer's phone would, and waits until it is paid. */
export async function payBySandbox(api: APIRequestContext, token: string, groupOrderId: number): Promise<void> {
  const qr = (await okBody(await api.post(`/api/order/pay/${groupOrderId}`, { headers: bearer(token), data: { type: 'weixinQr' } }))).data;
  const t = new URL(qr.result.config).searchParams.get('t');
  await okBody(await api.post('/api/sandbox/pay', { data: { t, action: 'confirm' } }));
  await expect
    .poll(async () => (await okBody(await api.get(`/api/order/status/${groupOrderId}`, { headers: bearer(token) }))).data.paid)
    .toBe(1);
}

/**
 * A fresh shopper's paid order (one line of merchant `merId`, `n` items), ready to be shipped; returns the group order
 * id and the store order ids (one per merchant).
 */
export async function paidOrder(
  api: APIRequestContext,
  token: string,
  merIds: number[] = [1],
  n = 1,
): Promise<{ groupOrderId: number; orderIds: number[]; skus: Sku[] }> {
  await addAddress(api, token);
  const skus: Sku[] = [];
  const ids: number[] = [];
  for (const merId of merIds) {
    const sku = await skuOf(
      api,
      merId,
      skus.map((s) => s.product_id),
      1,
    );
    skus.push(sku);
    ids.push(await addLine(api, token, sku, n));
  }
  const { id } = await placeOrder(api, token, ids);
  await payBySandbox(api, token, id);
  const detail = (await okBody(await api.get(`/api/order/group_order_detail/${id}`, { headers: bearer(token) }))).data;
  return { groupOrderId: id, orderIds: detail.orderList.map((o: { order_id: number }) => o.order_id), skus };
}
