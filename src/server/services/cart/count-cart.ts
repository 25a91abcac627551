import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { cart } from '../../db/schema/index.ts';
import { requireUser, type ServiceContext } from '../context.ts';

/** The cart lines the header counts for shopper `uid` (a number, or a column such as `users.uid`). */
export const countedCartLines = (uid: number | AnyColumn) => and(eq(cart.uid, uid), eq(cart.isPay, false), eq(cart.isNew, false));

/** `GET /api/user/cart/count`: pieces in the shopper's cart (not ordered, not buy-now lines), as `[{count}]`. */
export async function countCart(ctx: ServiceContext): Promise<[{ count: number }]> {
  const user = requireUser(ctx);
  const [row] = await ctx.db
    .select({ count: sql<number>`coalesce(sum(${cart.cartNum}), 0)::int` })
    .from(cart)
    .where(countedCartLines(user.uid));
  return [{ count: row?.count ?? 0 }];
}
