import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { groupData } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { HOME_BANNERS, HOME_TABS } from './home-defaults.ts';
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

/**
 * `GET /api/pc/home`: operator-managed display groups; only enabled entries, highest sort first. Banners
 * without an image are skipped; while the operator has configured no tabs or banners, the built-in ones
 * (home-defaults.ts) are what the home page shows and what this answers.
 */
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
  const banners = of('pc_home_banner')
    .map((r) => ({ image: v(r).image ?? '', link: v(r).link ?? '', alt: v(r).alt ?? '' }))
    .filter((b) => b.image);
  const tabs = of('pc_home_tab').map((r) => ({ label: v(r).label ?? '', link: v(r).link ?? '' }));
  return {
    pc_top_banner: top
      ? { image: v(top).image ?? '', link: v(top).link ?? '', alt: v(top).alt ?? '', group_data_id: top.groupDataId }
      : null,
    pc_home_banner: banners.length ? banners : HOME_BANNERS.map((b) => ({ ...b })),
    pc_home_tab: tabs.length ? tabs : HOME_TABS.map((t) => ({ ...t })),
  };
}
