import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { merchant, merchantToken, ORDER_STATUS, product, storeOrder } from '../../db/schema/index.ts';
import { idField, paged } from '../../../shared/schemas/catalogue.ts';
import { zeroOrOne } from '../../../shared/schemas/common.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { formatDateTime } from '../dates.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { listMerchantTokens } from '../merchant-api/tokens.ts';

export const SHOP_TEXT = {
  gone: '店铺不存在',
  tokenGone: '该店铺没有这个有效令牌',
} as const;

/** A shop as the operator lists it. */
export interface OperatorShopDto {
  mer_id: number;
  mer_name: string;
  /** 1 open, 0 closed by the operator (its products leave the mall; its orders and refunds go on). */
  status: number;
  service_phone: string;
  /** The mobile the shop is told on by SMS of new orders and refund requests ('' none). */
  notice_phone: string;
  /** Products on the shelf, and paid orders waiting to ship. */
  product_count: number;
  to_ship_count: number;
  /** Merchant-API tokens not revoked. */
  token_count: number;
  create_time: string;
}

const listInput = z.object({
  keyword: z.string({ error: '关键词格式不正确' }).trim().max(40, '关键词不能超过40个字').optional().default(''),
  status: z.preprocess((v) => (v === undefined || v === '' || v === 'all' ? undefined : v), zeroOrOne('店铺状态只能是 0 或 1').optional()),
  ...paged(20),
});

/** `GET /api/operator/merchant?keyword&status&page&limit`: every shop, open or closed, by id, with what it has going on. */
export async function listShops(db: Db, input: unknown): Promise<Page<OperatorShopDto>> {
  const q = parseInput(listInput, input);
  const where = and(
    q.keyword ? or(ilike(merchant.merName, `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`), eq(merchant.servicePhone, q.keyword)) : undefined,
    q.status === undefined ? undefined : eq(merchant.status, q.status === 1),
  );
  const [total] = await db.select({ n: count() }).from(merchant).where(where);
  // The listed shop's id, qualified: in a one-table select Drizzle writes its columns unqualified, which inside these
  // subqueries would name the subquery's own `mer_id`.
  const shopId = sql.raw('"merchant"."mer_id"');
  const rows = await db
    .select({
      m: merchant,
      products: sql<number>`(select count(*)::int from ${product} where ${product.merId} = ${shopId} and ${product.status} = 1 and ${product.productType} = 0)`,
      toShip: sql<number>`(select count(*)::int from ${storeOrder} where ${storeOrder.merId} = ${shopId} and ${storeOrder.paid} and ${storeOrder.status} = ${ORDER_STATUS.toShip})`,
      tokens: sql<number>`(select count(*)::int from ${merchantToken} where ${merchantToken.merId} = ${shopId} and ${isNull(merchantToken.revokedAt)})`,
    })
    .from(merchant)
    .where(where)
    .orderBy(asc(merchant.merId))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return {
    count: total?.n ?? 0,
    list: rows.map(({ m, products, toShip, tokens }) => ({
      mer_id: m.merId,
      mer_name: m.merName,
      status: m.status ? 1 : 0,
      service_phone: m.servicePhone,
      notice_phone: m.noticePhone,
      product_count: products,
      to_ship_count: toShip,
      token_count: tokens,
      create_time: formatDateTime(m.createdAt)!,
    })),
  };
}

const statusInput = z.object({ mer_id: idField('店铺ID'), status: zeroOrOne('店铺状态只能是 0（关闭）或 1（开启）') });

/**
 * `POST /api/operator/merchant/{mer_id}/status {status: 0|1}`: closes a shop (a merchant breaking the rules, one that
 * stopped trading) or opens it again. Closed, its products leave every list, search and page of the mall, its shop
 * pages say it is closed, shoppers cannot check out its cart lines, follow it or write to it; what it sold stays its
 * to deliver: its merchant API keeps working for orders and refunds. The pages and cached reads showing it or any
 * product drop at once. The same status again changes nothing.
 */
export async function setShopStatus(db: Db, input: unknown): Promise<{ mer_id: number; mer_name: string; status: number }> {
  const q = parseInput(statusInput, input);
  const [row] = await db
    .update(merchant)
    .set({ status: q.status === 1 })
    .where(eq(merchant.merId, q.mer_id))
    .returning({ merId: merchant.merId, merName: merchant.merName, status: merchant.status });
  if (!row) throw notFound(SHOP_TEXT.gone);
  // Its products are in lists of every kind (search, categories, rankings, recommendations) and its card on the shop street.
  invalidate(db, [tag('merchant', row.merId), 'merchant', 'product']);
  return { mer_id: row.merId, mer_name: row.merName, status: row.status ? 1 : 0 };
}

/** One of a shop's merchant-API tokens as the operator sees it. */
export interface ShopTokenDto {
  token_id: number;
  name: string;
  create_time: string | null;
  last_used_time: string | null;
  revoked_time: string | null;
}

/** `GET /api/operator/merchant/{mer_id}/token`: the shop's merchant-API tokens (never their text, which is not stored). */
export async function listShopTokens(db: Db, input: unknown): Promise<ShopTokenDto[]> {
  const { mer_id } = parseInput(z.object({ mer_id: idField('店铺ID') }), input);
  const [m] = await db.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, mer_id));
  if (!m) throw notFound(SHOP_TEXT.gone);
  return (await listMerchantTokens(db, mer_id)).map((t) => ({
    token_id: t.id,
    name: t.name,
    create_time: formatDateTime(t.created_at),
    last_used_time: formatDateTime(t.last_used_at),
    revoked_time: formatDateTime(t.revoked_at),
  }));
}

/**
 * `POST /api/operator/merchant/{mer_id}/token/{token_id}/revoke`: the token stops working at its next request (every
 * merchant-API call checks the database), without stopping the server. A token of another shop, or one revoked
 * already, is a 404.
 */
export async function revokeShopToken(db: Db, input: unknown): Promise<{ mer_id: number; token_id: number }> {
  const q = parseInput(z.object({ mer_id: idField('店铺ID'), token_id: idField('令牌ID') }), input);
  const rows = await db
    .update(merchantToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(merchantToken.id, q.token_id), eq(merchantToken.merId, q.mer_id), isNull(merchantToken.revokedAt)))
    .returning({ id: merchantToken.id });
  if (!rows.length) throw notFound(SHOP_TEXT.tokenGone);
  return { mer_id: q.mer_id, token_id: q.token_id };
}
