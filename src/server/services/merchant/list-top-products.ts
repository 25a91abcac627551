import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { toCards, type CardRow, type ProductCard } from '../catalogue/product-card.ts';

/**
 * The `n` best sellers of each of several shops in ONE query (a window over the per-shop sales index),
 * for shop cards that show a few products each.
 */
export async function listTopProducts(ctx: Pick<ServiceContext, 'db'>, merIds: number[], n: number): Promise<Map<number, ProductCard[]>> {
  const out = new Map<number, ProductCard[]>();
  if (!merIds.length) return out;
  const ids = sql.join(merIds.map((id) => sql`${id}`), sql`, `);
  const result = await ctx.db.execute(sql`
    select * from (
      select product_id, mer_id, store_name, store_info, image, price, ot_price, sales, rate, stock, unit_name,
             product_type, delivery_free, cate_id, brand_id,
             row_number() over (partition by mer_id order by sales desc, product_id desc) as rn
      from product where status = 1 and product_type = 0 and mer_id in (${ids})
    ) t where rn <= ${n} order by mer_id, rn`);
  const rows = (result as unknown as { rows: (CardRow & { rn: number })[] }).rows;
  const cards = await toCards(ctx, rows.map(({ rn: _rn, ...r }) => ({ ...r, rate: String(r.rate) })));
  for (const c of cards) out.set(c.mer_id, [...(out.get(c.mer_id) ?? []), c]);
  return out;
}
