import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { systemConfig } from '../../db/schema/index.ts';
import { getSiteConfig } from './get-site-config.ts';

const FIELDS = [
  'site_keywords',
  'site_description',
  'site_logo',
  'site_name',
  'wechat_qrcode',
  'sys_phone',
  'site_url',
  'is_open_service',
  'copyright',
];
/** The reference's own additions to the call (its footer and login dialog read them). */
const REFERENCE_FIELDS = ['beian_sn', 'mer_intention_open', 'balance_func_status', 'wx_scan_login'];

describe('getSiteConfig (GET /api/pc/config)', () => {
  it('has every site config field of spec section 3, filled by the seed', async () => {
    const db = await createTestDatabase();
    const c = await getSiteConfig(visitorContext(db));
    expect(Object.keys(c).sort()).toEqual([...FIELDS, ...REFERENCE_FIELDS].sort());
    for (const f of FIELDS.filter((f) => f !== 'copyright')) {
      expect(typeof c[f as keyof typeof c], f).toBe('string');
      expect((c[f as keyof typeof c] as string).length, f).toBeGreaterThan(0);
    }
    expect(c.site_name).toBe('Mallfront 商城');
    expect(c.sys_phone).toBe('400-820-8820');
    expect(c.is_open_service).toBe('1');
    expect(c.wechat_qrcode).toBe('/qr.svg?path=%2F');
    // The ICP number is the footer's ICP entry, as /api/version gives it; scan login is on.
    expect(c.beian_sn).toBe(c.copyright.find((i) => i.url.includes('beian.miit.gov.cn'))?.name);
    expect(c.beian_sn).toMatch(/ICP/);
    expect(c.wx_scan_login).toBe(1);
    expect([0, 1]).toContain(c.mer_intention_open);
    // The balance features are on unless the operator turns them off, as at /api/config.
    expect(c.balance_func_status).toBe(1);
  });

  it('lists copyright items with name, url and img; url # means no link', async () => {
    const db = await createTestDatabase();
    const { copyright } = await getSiteConfig(visitorContext(db));
    expect(copyright.length).toBeGreaterThan(0);
    for (const item of copyright) expect(Object.keys(item).sort()).toEqual(['img', 'name', 'url']);
    expect(copyright.some((i) => i.url === '#')).toBe(true);
    expect(copyright.some((i) => i.url.startsWith('https://'))).toBe(true);
  });

  it('shows what the operator saved', async () => {
    const db = await createTestDatabase();
    await db.db.update(systemConfig).set({ value: '新名字商城' }).where(eq(systemConfig.key, 'site_name'));
    await db.db.update(systemConfig).set({ value: 4008208820 }).where(eq(systemConfig.key, 'sys_phone'));
    const c = await getSiteConfig(visitorContext(db));
    expect(c.site_name).toBe('新名字商城');
    expect(c.sys_phone).toBe('4008208820');
  });

  it('answers empty strings, service off and no copyright when settings are missing', async () => {
    const db = await createTestDatabase();
    await db.db.delete(systemConfig);
    expect(await getSiteConfig(visitorContext(db))).toEqual({
      site_name: '',
      site_keywords: '',
      site_description: '',
      site_logo: '',
      site_url: '',
      wechat_qrcode: '',
      sys_phone: '',
      is_open_service: '0',
      copyright: [],
      beian_sn: '',
      mer_intention_open: 0,
      balance_func_status: 1,
      wx_scan_login: 1,
    });
  });

  it('turns a copyright item without url into a no-link item and ignores a malformed list', async () => {
    const db = await createTestDatabase();
    await db.db
      .update(systemConfig)
      .set({ value: [{ name: '© 商城' }, { name: 'ICP', url: 'https://beian.example/', img: '/i.png' }] })
      .where(eq(systemConfig.key, 'copyright'));
    expect((await getSiteConfig(visitorContext(db))).copyright).toEqual([
      { name: '© 商城', url: '#', img: '' },
      { name: 'ICP', url: 'https://beian.example/', img: '/i.png' },
    ]);
    await db.db.update(systemConfig).set({ value: 'not a list' }).where(eq(systemConfig.key, 'copyright'));
    expect((await getSiteConfig(visitorContext(db))).copyright).toEqual([]);
  });
});
