import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { product, seckillProduct } from '../../db/schema/index.ts';
import { seckillListQuery, type SeckillListQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, offsetOf, type Page } from '../input.ts';
import { now, mallDate } from '../dates.ts';
import { openMerchants } from '../catalogue/product-query.ts';
import { cardColumns, toCards, type ProductCard } from '../catalogue/product-card.ts';
import { loadSessions } from './list-seckill-sessions.ts';
import { currentSessionIndex, sessionStatus, sessionStop, type SeckillStatus } from './seckill-clock.ts';

export interface SeckillCard extends ProductCard {
  seckill_time_id: number;
  /** Unix seconds when the session stops today (the `time` of the detail link). */
  stop_time: number;
  seckill_status: SeckillStatus;
  /** The reference client's name for the same state: 1 running, 0 upcoming, -1 ended. */
  skill_status: SeckillStatus;
  /**
   * Sold share of the offer's stock, 0-100; 0 while the session has not started today (nothing of it is sold yet:
   * the offer's sales so far are earlier days' sessions).
   */
  percent: number;
  once_pay_count: number;
  origin_product_id: number;
}

/** Sold share of an offer in percent (100 when it had no stock at all). */
const soldPercent = (sales: number, stock: number) => (sales + stock ? Math.round((sales / (sales + stock)) * 100) : 100);

/**
 * `GET /api/store/product/seckill/lst`: the offers of a session chosen by id or by its hours
 * (`start_time`, `end_time`), by default the current session; only offers whose date range covers today.
 */
export async function listSeckillProducts(ctx: Pick<ServiceContext, 'db'>, input: SeckillListQuery = {}): Promise<Page<SeckillCard>> {
  const q = parseInput(seckillListQuery, input);
  const at = now();
  const sessions = await loadSessions(ctx);
  const session =
    q.seckill_time_id !== undefined
      ? sessions.find((s) => s.seckillTimeId === q.seckill_time_id)
      : q.start_time !== undefined
        ? sessions.find((s) => s.startTime === q.start_time && (q.end_time === undefined || s.endTime === q.end_time))
        : sessions[currentSessionIndex(sessions, at)];
  if (!session) return { count: 0, list: [] };
  const today = mallDate(at);
  const where = and(
    sql`${product.status} = 1 and ${product.productType} = 1`,
    await openMerchants(ctx),
    eq(seckillProduct.seckillTimeId, session.seckillTimeId),
    lte(seckillProduct.startDay, today),
    gte(seckillProduct.endDay, today),
  );
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ ...cardColumns, once: seckillProduct.oncePayCount, origin: seckillProduct.originProductId })
      .from(product)
      .innerJoin(seckillProduct, eq(seckillProduct.productId, product.productId))
      .where(where)
      .orderBy(desc(product.sort), asc(product.productId))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(product)
      .innerJoin(seckillProduct, eq(seckillProduct.productId, product.productId))
      .where(where),
  ]);
  const cards = await toCards(
    ctx,
    rows.map(({ once: _o, origin: _g, ...r }) => r),
  );
  const status = sessionStatus(session, at);
  return {
    count: counted[0]?.n ?? 0,
    list: cards.map((c, i) => ({
      ...c,
      seckill_time_id: session.seckillTimeId,
      stop_time: sessionStop(session, at),
      seckill_status: status,
      skill_status: status,
      percent: status === 0 ? 0 : soldPercent(c.sales, c.stock),
      once_pay_count: rows[i]!.once,
      origin_product_id: rows[i]!.origin,
    })),
  };
}
