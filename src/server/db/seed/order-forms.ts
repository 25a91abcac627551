import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import type { FormField } from '../../../shared/order-form.ts';

/** The demo tea shop (茶语茗茶专卖店) and the gift form its newest product asks for at checkout. */
export const FORM_DEMO_SHOP = 11;
export const DEMO_FORM_ID = 1;

const GIFT_FORM: FormField[] = [
  { key: 'packing', type: 'radio', title: '包装方式', required: true, options: ['简约环保包装', '礼盒包装', '木盒典藏包装'] },
  { key: 'card', type: 'textarea', title: '贺卡祝福语', required: false, placeholder: '将手写在贺卡上，最多500字' },
  { key: 'recipient_phone', type: 'phone', title: '收礼人电话', required: false, placeholder: '送礼时由快递联系收礼人' },
  { key: 'deliver_on', type: 'date', title: '期望送达日期', required: false },
];

/**
 * One order form of the tea shop, on its newest normal product, so the demo checkout shows the reference's merchant
 * custom form. Keyed by a fixed id (ON CONFLICT DO NOTHING); the product is chosen by the data, not by an id.
 */
export async function seedOrderForms(db: Db): Promise<void> {
  await db
    .insert(s.merchantForm)
    .values({ formId: DEMO_FORM_ID, merId: FORM_DEMO_SHOP, name: '礼品定制', fields: GIFT_FORM })
    .onConflictDoNothing();
  const [first] = await db
    .select({ id: s.product.productId })
    .from(s.product)
    .where(and(eq(s.product.merId, FORM_DEMO_SHOP), eq(s.product.productType, 0), eq(s.product.status, 1)))
    .orderBy(desc(s.product.productId))
    .limit(1);
  if (first) await db.update(s.product).set({ merFormId: DEMO_FORM_ID }).where(eq(s.product.productId, first.id));
}
