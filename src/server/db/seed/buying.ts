/**
 * What the demo mall needs to sell: shipping templates for every demo shop (by count for most, by weight for the
 * fresh-food-like ones; remote provinces dearer; free above a threshold; Hong Kong, Macao and Taiwan, and for
 * some shops Tibet and Xinjiang, not delivered to), pickup at three shops, and a wallet for the demo member.
 * Fixed ids + ON CONFLICT DO NOTHING like the rest of the seed; products only get a template where they have none.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { insertAll } from './catalogue-insert.ts';
import { DEMO_MERCHANTS } from './catalogue-merchants.ts';
import { changeWallet } from '../../services/wallet/change-wallet.ts';

/** Province codes (GB/T 2260) used by the templates. */
const REMOTE = [15, 54, 62, 63, 64, 65];
const HK_MO_TW = [71, 81, 82];
const FAR = [54, 65];

const byWeight = (merId: number) => merId % 4 === 0;

export function shippingRows() {
  const merIds = Array.from({ length: DEMO_MERCHANTS }, (_, i) => i + 1);
  return {
    templates: merIds.map((merId) => ({
      shippingTemplateId: merId,
      merId,
      name: byWeight(merId) ? '按重量计费（满199包邮）' : '按件计费（满99包邮）',
      type: byWeight(merId) ? 2 : 1,
      freePrice: byWeight(merId) ? 19900 : 9900,
      undelivered: byWeight(merId) ? [...HK_MO_TW, ...FAR] : HK_MO_TW,
    })),
    regions: merIds.flatMap((merId) =>
      byWeight(merId)
        ? [
            { id: merId * 2 - 1, shippingTemplateId: merId, regions: [], first: '1', firstPrice: 1000, continue: '1', continuePrice: 500 },
            { id: merId * 2, shippingTemplateId: merId, regions: REMOTE, first: '1', firstPrice: 2000, continue: '1', continuePrice: 1000 },
          ]
        : [
            { id: merId * 2 - 1, shippingTemplateId: merId, regions: [], first: '1', firstPrice: 800, continue: '1', continuePrice: 200 },
            { id: merId * 2, shippingTemplateId: merId, regions: REMOTE, first: '1', firstPrice: 1500, continue: '1', continuePrice: 500 },
          ],
    ),
  };
}

/** Shops offering pickup (到店自提) at their own address. */
export const PICKUP_MERCHANTS = [1, 2, 3];

/** The demo member's starting balance (cents) and points, each with its ledger row. */
export const DEMO_WALLET = { uid: 1, nowMoney: 50000, integral: 2000 } as const;

export async function seedBuying(db: Db): Promise<void> {
  const { templates, regions } = shippingRows();
  await insertAll(db, s.shippingTemplate, templates);
  await insertAll(db, s.shippingTemplateRegion, regions);
  await db
    .update(s.product)
    .set({ tempId: s.product.merId })
    .where(and(isNull(s.product.tempId), lte(s.product.merId, DEMO_MERCHANTS)));
  for (const merId of PICKUP_MERCHANTS) {
    await db
      .update(s.merchant)
      .set({ allowTake: true, takeAddress: s.merchant.merAddress, takePhone: s.merchant.servicePhone, takeHours: '每天 09:00-21:00' })
      .where(and(eq(s.merchant.merId, merId), eq(s.merchant.allowTake, false), eq(s.merchant.takeAddress, '')));
  }
  const { uid, nowMoney, integral } = DEMO_WALLET;
  // Through the wallet helper: the figure moves only with its ledger row, once (link 'seed').
  await changeWallet(db, {
    uid,
    category: 'now_money',
    type: 'system_add',
    pm: 1,
    number: nowMoney,
    linkId: 'seed',
    title: '系统赠送余额',
  });
  await changeWallet(db, { uid, category: 'integral', type: 'system_add', pm: 1, number: integral, linkId: 'seed', title: '新人赠送积分' });
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('shipping_template', 'shipping_template_id'), greatest((select max(shipping_template_id) from shipping_template), 1)),
              setval(pg_get_serial_sequence('shipping_template_region', 'id'), greatest((select max(id) from shipping_template_region), 1))`,
    ),
  );
}
