import { eq } from 'drizzle-orm';
import { priceRule } from '../../db/schema/index.ts';
import { z } from 'zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { getCategoryTree, ancestorsOf } from './category-tree.ts';
import { cached, CACHE_KEYS } from '../cache.ts';

const ruleInput = z.object({ cate_id: idField('分类') });

/**
 * `GET /api/store/product/price_rule/{cate_id}` → `{content}`: the price notes of the nearest category
 * (leaf first, then its ancestors) that has a rule, else the mall default.
 */
export async function getPriceRule(
  ctx: Pick<ServiceContext, 'db'>,
  input: { cate_id: number | string },
): Promise<{ rule_name: string; content: string }> {
  const { cate_id } = parseInput(ruleInput, input);
  const path = ancestorsOf(await getCategoryTree(ctx), cate_id).map((c) => c.store_category_id);
  // A handful of rules for the whole mall: read them all once a minute.
  const all = await cached(ctx.db, CACHE_KEYS.priceRules, () => ctx.db.select().from(priceRule).where(eq(priceRule.isShow, true)));
  const rows = all.filter((r) => r.storeCategoryId === 0 || path.includes(r.storeCategoryId));
  const nearest =
    [...path]
      .reverse()
      .map((id) => rows.find((r) => r.storeCategoryId === id))
      .find(Boolean) ?? rows.find((r) => r.storeCategoryId === 0);
  return { rule_name: nearest?.ruleName ?? '', content: nearest?.content ?? '' };
}
