import type { ServiceContext } from '../context.ts';
import { enabledQrMethods } from '../../payment/index.ts';
import { flag, readSettings, text } from './read-settings.ts';

/**
 * `GET /api/config`: the feature switches the reference's client reads (header, payment and settle-in pages).
 * Each is the operator setting of the same name in `system_config`; an unset one has the default below.
 */
export interface AppConfig {
  /** Balance payment offered at checkout (default on). */
  yue_pay_status: 0 | 1;
  /** Alipay offered beside WeChat Pay: the operator's switch (default on) and a gateway configured (`PAY_ALIPAY`). */
  alipay_open: 0 | 1;
  /** The balance features ("My balance" link, balance page; default on). */
  balance_func_status: 0 | 1;
  /** Balance top-ups (default off: the PC client has no recharge). */
  recharge_switch: 0 | 1;
  /** The SVIP programme (crown, member prices; default off: the mall has none yet). */
  svip_switch_status: 0 | 1;
  /** Merchant settle-in (`/merchant_settled`; default off: the demo seed opens it, seed/intention.ts). */
  mer_intention_open: 0 | 1;
  /** The settle-in agreement shown beside its checkbox (HTML; empty until set). */
  sys_intention_agree: string;
}

/** Each switch's value while the operator has not set it. */
export const APP_SWITCH_DEFAULTS = {
  yue_pay_status: 1,
  alipay_open: 1,
  balance_func_status: 1,
  recharge_switch: 0,
  svip_switch_status: 0,
  mer_intention_open: 0,
} as const satisfies Partial<Record<keyof AppConfig, 0 | 1>>;

/** Reads the switches from the operator's settings, defaults where unset. */
export async function getAppConfig(ctx: Pick<ServiceContext, 'db'>): Promise<AppConfig> {
  const m = await readSettings(ctx);
  const switches = Object.fromEntries(
    Object.entries(APP_SWITCH_DEFAULTS).map(([key, fallback]) => [key, flag(m.get(key), fallback)]),
  ) as Record<keyof typeof APP_SWITCH_DEFAULTS, 0 | 1>;
  if (!enabledQrMethods().includes('alipayQr')) switches.alipay_open = 0;
  return { ...switches, sys_intention_agree: text(m.get('sys_intention_agree')) };
}
