import { describe, it, expect } from 'vitest';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { inArray } from 'drizzle-orm';
import { systemConfig } from '../../db/schema/index.ts';
import { getAppConfig } from './get-app-config.ts';
import { getVersion } from './get-version.ts';
import { resetQrProviders, useQrProvider } from '../../payment/index.ts';

describe('getAppConfig (GET /api/config)', () => {
  it('offers balance payment and Alipay, no recharge and no SVIP while the operator set nothing', async () => {
    const db = await createTestDatabase();
    // The demo seed opens merchant settle-in with its agreement (seed/intention.ts); "nothing set" is without them.
    await db.db.delete(systemConfig).where(inArray(systemConfig.key, ['mer_intention_open', 'sys_intention_agree']));
    expect(await getAppConfig(visitorContext(db))).toEqual({
      yue_pay_status: 1,
      alipay_open: 1,
      balance_func_status: 1,
      recharge_switch: 0,
      svip_switch_status: 0,
      mer_intention_open: 0,
      sys_intention_agree: '',
    });
  });

  it('follows the operator settings of the same names, whatever form the switch was stored in', async () => {
    const db = await createTestDatabase();
    await db.db.delete(systemConfig).where(inArray(systemConfig.key, ['mer_intention_open', 'sys_intention_agree']));
    await db.db.insert(systemConfig).values([
      { key: 'yue_pay_status', value: 0 },
      { key: 'alipay_open', value: '0' },
      { key: 'recharge_switch', value: true },
      { key: 'svip_switch_status', value: '1' },
      { key: 'sys_intention_agree', value: '<p>入驻协议</p>' },
      { key: 'mer_intention_open', value: 0 },
    ]);
    expect(await getAppConfig(visitorContext(db))).toMatchObject({
      yue_pay_status: 0,
      alipay_open: 0,
      recharge_switch: 1,
      svip_switch_status: 1,
      balance_func_status: 1,
      sys_intention_agree: '<p>入驻协议</p>',
      mer_intention_open: 0,
    });
  });

  it('says Alipay is closed when no gateway serves it, whatever the switch', async () => {
    const db = await createTestDatabase();
    useQrProvider('alipayQr', null);
    try {
      expect((await getAppConfig(visitorContext(db))).alipay_open).toBe(0);
    } finally {
      resetQrProviders();
    }
    expect((await getAppConfig(visitorContext(db))).alipay_open).toBe(1);
  });
});

describe('getVersion (GET /api/version)', () => {
  it('gives the year in mall time, the site address and the footer copyright and ICP lines', async () => {
    const db = await createTestDatabase();
    const v = await getVersion(visitorContext(db), new Date('2026-12-31T17:00:00Z')); // 01:00 on 1 Jan in Beijing
    expect(v).toMatchObject({ year: 2027, beian_sn: '沪ICP备2026000001号-1', Copyright: '© 2026 Mallfront 商城 版权所有', status: 1 });
    expect(v.url).toMatch(/^https?:\/\//);
  });

  it('prefers the operator settings beian_sn, copyright_text and copyright_status', async () => {
    const db = await createTestDatabase();
    await db.db.insert(systemConfig).values([
      { key: 'beian_sn', value: '京ICP备1号' },
      { key: 'copyright_text', value: '© 老王' },
      { key: 'copyright_status', value: 0 },
    ]);
    expect(await getVersion(visitorContext(db))).toMatchObject({ beian_sn: '京ICP备1号', Copyright: '© 老王', status: 0 });
  });
});
