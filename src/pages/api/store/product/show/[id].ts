import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { ServiceError } from '../../../../../server/services/errors.ts';
import type { ServiceContext } from '../../../../../server/services/context.ts';
import { getProductDetail } from '../../../../../server/services/catalogue/get-product-detail.ts';
import { getSeckillDetail } from '../../../../../server/services/promotion/get-seckill-detail.ts';

/** A normal product, else a flash-sale offer (the seckill page asks `show/{id}` with its product id too). */
async function detailOf(ctx: ServiceContext, id: string) {
  try {
    return await getProductDetail(ctx, { id });
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'not_found') return getSeckillDetail(ctx, { id });
    throw err;
  }
}

/**
 * The detail page's lower half `{content, params, temp, guaranteeTemplate, merchant{..., recommend}, spu_id, community}`.
 * The detail service already loads these parts, so this is the same product read, trimmed. `spu_id` is the product's
 * id (the mall lists products, not separate SPU rows, as the favourites' `spu_id` does); `community`, the reference's
 * community post about the product, is null: the mall has no community posts.
 */
export const GET = endpoint(async (ctx, { params }) => {
  const d = await detailOf(ctx, params.id ?? '');
  return ok({
    product_id: d.product_id,
    content: d.content,
    params: d.params,
    temp: d.temp,
    guaranteeTemplate: d.guaranteeTemplate,
    merchant: d.merchant,
    spu_id: d.product_id,
    community: null,
  });
});
