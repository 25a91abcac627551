import { asc, desc } from 'drizzle-orm';
import { parameter } from '../../db/schema/index.ts';
import { facetQuery } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { scopeFacets } from './scope-facets.ts';

export interface ParamFilter {
  parameter_id: number;
  name: string;
  value: { value: string }[];
}

/** Most values one filter row offers (the most common first). */
const MAX_VALUES = 30;

function loadParameters(ctx: Pick<ServiceContext, 'db'>) {
  return cached(ctx.db, `${CACHE_KEYS.params}names`, () =>
    ctx.db.select().from(parameter).orderBy(desc(parameter.sort), asc(parameter.parameterId)),
  );
}

/** Counts each '<parameter_id>:<value>' of the products in scope straight from their filter tokens (scope-facets.ts). */
async function load(ctx: Pick<ServiceContext, 'db'>, keyword: string, cateId: number | undefined): Promise<ParamFilter[]> {
  const [{ tokens: counts }, params] = await Promise.all([scopeFacets(ctx, keyword, cateId), loadParameters(ctx)]);
  const values = new Map<number, string[]>();
  for (const [t] of counts) {
    const cut = t.indexOf(':');
    const id = Number(t.slice(0, cut));
    const list = values.get(id) ?? [];
    if (list.length < MAX_VALUES) list.push(t.slice(cut + 1));
    values.set(id, list);
  }
  return (
    params
      .map((p) => ({ parameter_id: p.parameterId, name: p.name, value: (values.get(p.parameterId) ?? []).map((value) => ({ value })) }))
      // A parameter with a single value cannot narrow anything down.
      .filter((f) => f.value.length > 1)
  );
}

/**
 * `GET /api/product/spu/params?keyword&cate_id`: the dynamic parameter filters `[{parameter_id, name,
 * value: [{value}]}]` of the products in scope, most common values first. Cached per category and keyword
 * (filter values a minute old are harmless; the cache is bounded).
 */
export async function listParamFilters(
  ctx: Pick<ServiceContext, 'db'>,
  input: { keyword?: string; cate_id?: number | string },
): Promise<ParamFilter[]> {
  const q = parseInput(facetQuery, input);
  return cached(ctx.db, `${CACHE_KEYS.params}${q.cate_id ?? 0}:${q.keyword}`, () => load(ctx, q.keyword, q.cate_id));
}
