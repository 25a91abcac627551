import type { ServiceContext } from '../context.ts';
import { shows } from '../cache-tags.ts';
import { flag, readSettings } from './read-settings.ts';
import { beianOf } from './get-version.ts';
import { APP_SWITCH_DEFAULTS } from './get-app-config.ts';

export interface CopyrightItem {
  name: string;
  url: string;
  img: string;
}

/** Spec section 3 "Site config" as returned by `GET /api/pc/config`. */
export interface SiteConfig {
  site_name: string;
  site_keywords: string;
  site_description: string;
  site_logo: string;
  site_url: string;
  wechat_qrcode: string;
  sys_phone: string;
  is_open_service: string;
  copyright: CopyrightItem[];
  /**
   * The reference's additions: the ICP filing number (as `/api/version`), the merchant application and balance switches
   * (as `/api/config`: the top bar's 商家入驻 and 我的余额), and scan login (built, on unless the operator turns it off).
   */
  beian_sn: string;
  mer_intention_open: 0 | 1;
  balance_func_status: 0 | 1;
  wx_scan_login: 0 | 1;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function copyrightList(v: unknown): CopyrightItem[] {
  if (!Array.isArray(v)) return [];
  return v.map((c: Record<string, unknown>) => ({ name: str(c?.name), url: str(c?.url) || '#', img: str(c?.img) }));
}

/** Reads the operator's settings; missing keys come back empty rather than undefined. */
export async function getSiteConfig(ctx: Pick<ServiceContext, 'db'>): Promise<SiteConfig> {
  shows('site');
  const m = await readSettings(ctx);
  return {
    site_name: str(m.get('site_name')),
    site_keywords: str(m.get('site_keywords')),
    site_description: str(m.get('site_description')),
    site_logo: str(m.get('site_logo')),
    site_url: str(m.get('site_url')),
    wechat_qrcode: str(m.get('wechat_qrcode')),
    sys_phone: str(m.get('sys_phone')),
    is_open_service: str(m.get('is_open_service') ?? '0'),
    copyright: copyrightList(m.get('copyright')),
    beian_sn: beianOf(m),
    mer_intention_open: flag(m.get('mer_intention_open'), APP_SWITCH_DEFAULTS.mer_intention_open),
    balance_func_status: flag(m.get('balance_func_status'), APP_SWITCH_DEFAULTS.balance_func_status),
    wx_scan_login: flag(m.get('wx_scan_login'), 1),
  };
}
