import { z } from './zod.ts';
import { idField, paged, type QueryInput } from './catalogue.ts';
import { asList, numberInput } from './common.ts';

/** Favourites and follows a page of `/user/collect` shows (reference: 12). */
export const RELATIONS_PER_PAGE = 12;

/** `GET /api/user/relation/product/lst|merchant/lst?page&limit` (default 12, at most 100). */
export const relationListQuery = z.object({ ...paged(RELATIONS_PER_PAGE) });
export type RelationListQuery = QueryInput<typeof relationListQuery>;

/** At most this many favourites go in one batch removal. */
export const RELATION_BATCH_MAX = 100;

/**
 * `POST /api/user/relation/batch/delete {type, type_id: [ids]}` (or one id, or csv): the reference's client sends `type: 1` with the
 * spu (here: product) ids of the product favourites tab; type 0 means the same; type 2 takes presale ids, 10 shop ids.
 */
export const relationBatchInput = z.object({
  type: z.preprocess(
    numberInput,
    z.coerce.number({ error: '收藏类型不正确' }).refine((n) => [0, 1, 2, 10].includes(n), '收藏类型不正确'),
  ),
  type_id: z.preprocess(
    asList,
    z
      .array(idField('收藏对象'), { error: '请选择要取消的收藏' })
      .min(1, '请选择要取消的收藏')
      .max(RELATION_BATCH_MAX, `一次最多取消${RELATION_BATCH_MAX}个收藏`),
  ),
});
export type RelationBatchInput = QueryInput<typeof relationBatchInput>;
