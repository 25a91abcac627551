import type { ServiceContext } from '../context.ts';
import { mallDate, now } from '../dates.ts';
import { flag, readSettings, text } from './read-settings.ts';

/** `GET /api/version`: the footer's copyright line (reference section 1 "Footer"). */
export interface VersionInfo {
  /** The current year in mall time. */
  year: number;
  /** The site's public address. */
  url: string;
  /** The ICP filing number. */
  beian_sn: string;
  /** The copyright line. */
  Copyright: string;
  /** 1 when the footer shows the copyright line. */
  status: 0 | 1;
}

interface CopyrightItem {
  name?: unknown;
  url?: unknown;
}

const copyrightItems = (m: Map<string, unknown>) => (Array.isArray(m.get('copyright')) ? m.get('copyright') : []) as CopyrightItem[];
const icpItem = (items: CopyrightItem[]) => items.find((c) => /beian\.miit\.gov\.cn|ICP/i.test(`${text(c?.url)} ${text(c?.name)}`));

/** The ICP filing number: the operator's `beian_sn`, else the footer's ICP entry (the one linking to beian.miit.gov.cn). */
export const beianOf = (m: Map<string, unknown>): string => text(m.get('beian_sn')) || text(icpItem(copyrightItems(m))?.name);

/**
 * From the operator's settings `beian_sn`, `copyright_text` and `copyright_status` when set; otherwise from the
 * footer's `copyright` list (its ICP entry links to beian.miit.gov.cn, its first entry is the © line).
 */
export async function getVersion(ctx: Pick<ServiceContext, 'db'>, at = now()): Promise<VersionInfo> {
  const m = await readSettings(ctx);
  const items = copyrightItems(m);
  const icp = icpItem(items);
  const year = Number(mallDate(at).slice(0, 4));
  const siteName = text(m.get('site_name'));
  return {
    year,
    url: text(m.get('site_url')),
    beian_sn: beianOf(m),
    Copyright: text(m.get('copyright_text')) || text(items.find((c) => c !== icp)?.name) || `© ${year} ${siteName}`.trim(),
    status: flag(m.get('copyright_status'), 1),
  };
}
