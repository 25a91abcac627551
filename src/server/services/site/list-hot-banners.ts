import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { groupData } from '../../db/schema/index.ts';
import { HOT_TYPES } from '../../../shared/schemas/catalogue.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { shows } from '../cache-tags.ts';

export interface HotBanner {
  image: string;
  link: string;
  alt: string;
}

const hotBannerInput = z.object({ type: z.enum(HOT_TYPES, { error: '榜单类型不正确' }) });

/**
 * `GET /api/pc/hot_banner/{type}`: the operator's banners above a curated list (display group
 * `pc_hot_banner_<type>`, entries `{image, link, alt}`); only enabled ones, highest sort first.
 */
export async function listHotBanners(ctx: Pick<ServiceContext, 'db'>, input: { type: string }): Promise<HotBanner[]> {
  shows('site');
  const { type } = parseInput(hotBannerInput, input);
  const rows = await ctx.db
    .select({ value: groupData.value })
    .from(groupData)
    .where(and(eq(groupData.groupKey, `pc_hot_banner_${type}`), eq(groupData.status, true)))
    .orderBy(desc(groupData.sort), asc(groupData.groupDataId));
  return rows
    .map(({ value }) => value as Partial<HotBanner>)
    .filter((v) => typeof v.image === 'string' && v.image !== '')
    .map((v) => ({ image: v.image!, link: typeof v.link === 'string' ? v.link : '', alt: typeof v.alt === 'string' ? v.alt : '' }));
}
