import type { Db } from '../../db/client.ts';
import { flag, intSetting, readSettings } from '../site/read-settings.ts';

/** Operator settings of paid orders (`system_config`, set with scripts/setting.ts), with their defaults. */
export interface AfterSaleSettings {
  /** Days after shipping before a shipped order is received automatically (`order_take_days`, default 7). */
  takeDays: number;
  /** Days after receipt during which a refund may be asked for (`refund_days`, default 7). */
  refundDays: number;
  /** Points are on at all (`integral_status`, default on). */
  integralOpen: boolean;
  /** Points earned per yuan paid when an order is received (`order_give_integral`, default 1; 0 gives none). */
  givePerYuan: number;
  /**
   * Days a merchant has to answer a refund request, and to confirm a returned parcel, before the system agrees or
   * confirms for them (`refund_agree_days`, default 7; the `refund.auto` job).
   */
  refundAgreeDays: number;
  /**
   * Days a buyer has to send back the goods of an approved return before the request closes (`refund_return_days`,
   * default 7; the `refund.auto` job).
   */
  returnDays: number;
}

export async function afterSaleSettings(db: Db): Promise<AfterSaleSettings> {
  const m = await readSettings({ db });
  return {
    takeDays: intSetting(m.get('order_take_days'), 7, 1, 365),
    refundDays: intSetting(m.get('refund_days'), 7, 0, 365),
    integralOpen: flag(m.get('integral_status'), 1) === 1,
    givePerYuan: intSetting(m.get('order_give_integral'), 1, 0, 1000),
    refundAgreeDays: intSetting(m.get('refund_agree_days'), 7, 1, 365),
    returnDays: intSetting(m.get('refund_return_days'), 7, 1, 365),
  };
}

/** Points an order paid `payCents` earns on receipt: whole points, `perYuan` a yuan, rounded down. */
export const pointsFor = (payCents: number, perYuan: number): number => Math.floor((payCents * perYuan) / 100);

export const DAY_MS = 86_400_000;
