import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { groupData } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { shows } from '../cache-tags.ts';

export interface TopBanner {
  image: string;
  link: string;
  alt: string;
  group_data_id: number;
}

export interface HomeData {
  pc_top_banner: TopBanner | null;
  pc_home_banner: { image: string; link: string; alt: string }[];
  pc_home_tab: { label: string; link: string }[];
}

const KEYS = ['pc_top_banner', 'pc_home_banner', 'pc_home_tab'] as const;

/** `GET /api/pc/home`: operator-managed display groups; only enabled entries, highest sort first. */
export async function getHome(ctx: Pick<ServiceContext, 'db'>): Promise<HomeData> {
  shows('site');
  const rows = await ctx.db
    .select()
    .from(groupData)
    .where(and(inArray(groupData.groupKey, [...KEYS]), eq(groupData.status, true)))
    .orderBy(desc(groupData.sort), asc(groupData.groupDataId));
  const of = (key: string) => rows.filter((r) => r.groupKey === key);
  const top = of('pc_top_banner')[0];
  const v = (r: (typeof rows)[number]) => r.value as Record<string, string>;
  return {
    pc_top_banner: top
      ? { image: v(top).image ?? '', link: v(top).link ?? '', alt: v(top).alt ?? '', group_data_id: top.groupDataId }
      : null,
    pc_home_banner: of('pc_home_banner').map((r) => ({ image: v(r).image ?? '', link: v(r).link ?? '', alt: v(r).alt ?? '' })),
    pc_home_tab: of('pc_home_tab').map((r) => ({ label: v(r).label ?? '', link: v(r).link ?? '' })),
  };
}
