import { and, eq, sql } from 'drizzle-orm';
import { cart } from '../../db/schema/index.ts';
import { requireUser, type ServiceContext } from '../context.ts';

/** `GET /api/user/cart/count`: pieces in the shopper's cart (not ordered, not buy-now lines), as `[{count}]`. */
export async function countCart(ctx: ServiceContext): Promise<[{ count: number }]> {
  const user = requireUser(ctx);
  const [row] = await ctx.db
    .select({ count: sql<number>`coalesce(sum(${cart.cartNum}), 0)::int` })
    .from(cart)
    .where(and(eq(cart.uid, user.uid), eq(cart.isPay, false), eq(cart.isNew, false)));
  return [{ count: row?.count ?? 0 }];
}
