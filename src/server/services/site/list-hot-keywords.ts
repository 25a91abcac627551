import { asc, desc, eq } from 'drizzle-orm';
import { hotKeyword } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';

/** `GET /api/common/hot_keyword`: enabled keywords, most important first. */
export async function listHotKeywords(ctx: Pick<ServiceContext, 'db'>): Promise<{ keyword: string }[]> {
  return ctx.db
    .select({ keyword: hotKeyword.keyword })
    .from(hotKeyword)
    .where(eq(hotKeyword.status, true))
    .orderBy(desc(hotKeyword.sort), asc(hotKeyword.id))
    .limit(20);
}
