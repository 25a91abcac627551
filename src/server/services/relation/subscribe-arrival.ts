import { and, eq } from 'drizzle-orm';
import { arrivalNotice, product, productSku } from '../../db/schema/index.ts';
import { arrivalInput } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput, notFound } from '../input.ts';
import { PRODUCT_GONE } from '../catalogue/product-detail.ts';

export const ARRIVAL_IN_STOCK = '该规格有货，可直接购买';

/**
 * `POST /api/store/product/increase_take {unique, type: 1, product_id}` (login required): subscribe to an
 * arrival notice for a sold-out SKU of the product. Re-subscribing re-arms an old notice.
 */
export async function subscribeArrival(
  ctx: ServiceContext,
  input: { unique: string; product_id: number | string; type?: number | string },
): Promise<{ subscribed: true }> {
  const user = requireUser(ctx);
  const q = parseInput(arrivalInput, input);
  const [sku] = await ctx.db
    .select({ stock: productSku.stock })
    .from(productSku)
    .innerJoin(product, eq(product.productId, productSku.productId))
    .where(and(eq(productSku.unique, q.unique), eq(productSku.productId, q.product_id), eq(product.status, 1)));
  if (!sku) throw notFound(PRODUCT_GONE);
  if (sku.stock > 0) throw new ServiceError('refused', ARRIVAL_IN_STOCK);
  await ctx.db
    .insert(arrivalNotice)
    .values({ uid: user.uid, productId: q.product_id, unique: q.unique })
    .onConflictDoUpdate({ target: [arrivalNotice.uid, arrivalNotice.unique], set: { status: 0, productId: q.product_id } });
  return { subscribed: true };
}
