import { url } from '../../shared/routes.ts';
import type { ProductRelationDto } from '../../server/services/relation/list-product-relations.ts';

/** The detail page of a favourite: a product, a flash-sale offer or a presale (by its presale id). */
export function favouriteHref(r: Pick<ProductRelationDto, 'type' | 'type_id'>): string {
  if (r.type === 2) return url('goodsPresellDetail', { id: r.type_id });
  if (r.type === 1) return url('goodsSeckillDetail', { id: r.type_id });
  return url('goodsDetail', { id: r.type_id });
}
