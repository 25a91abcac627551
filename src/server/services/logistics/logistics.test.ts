import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storeOrder } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { addLine, newShopper, pickSku, placeOrder, topUp } from '../../../../tests/helpers/checkout.ts';
import { demoMerchantToken } from '../../db/seed/merchant-tokens.ts';
import { createDemoProvider } from '../../logistics/demo.ts';
import { LogisticsError, useLogisticsProvider, type TrackQuery } from '../../logistics/index.ts';
import { payOrder } from '../payment/pay-order.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { shipOrder } from '../merchant-api/ship-order.ts';
import { getDelivery } from './get-delivery.ts';
import { listExpress } from './list-express.ts';
import { trackOrder, TRACK_TEXT } from './track-order.ts';

beforeAll(async () => {
  await createTestDatabase();
});

afterEach(() => useLogisticsProvider(createDemoProvider()));

/** A fresh shopper's paid order of merchant 1, and that merchant signed in with its demo token. */
async function paid(d: Database) {
  const s = await newShopper(d);
  await topUp(d, s.user.uid, 10_000_000);
  const { order } = await placeOrder(s, [await addLine(s, await pickSku(d, { merId: 1 }), 2)]);
  await payOrder(s, { id: order.order_id, type: 'balance' });
  const [o] = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, order.order_id));
  const merchant = await authenticateMerchant({ db: d.db, user: null }, `Bearer ${demoMerchantToken(1)}`);
  return { s, orderId: o!.orderId, m1: { db: d.db, merchant } };
}

describe("the shopper's parcel", () => {
  it('an express order shows courier, tracking number, receiver and the timeline starting 揽收 in the shop city', async () => {
    const d = await createTestDatabase();
    const { s, orderId, m1 } = await paid(d);
    await expect(trackOrder(s, { id: orderId })).rejects.toMatchObject({ code: 'not_found', message: TRACK_TEXT.notShipped });
    await shipOrder(m1, { id: orderId, delivery_type: 1, delivery_name: '中通快递', delivery_id: 'ZT7766554433' });
    const seen: TrackQuery[] = [];
    const demo = createDemoProvider();
    useLogisticsProvider({ name: 'spy', track: (q) => (seen.push(q), demo.track(q)) });
    const r = await trackOrder(s, { id: orderId });
    expect(r.order).toMatchObject({
      order_id: orderId,
      status: 1,
      status_text: '待收货',
      delivery_name: '中通快递',
      delivery_id: 'ZT7766554433',
      real_name: '张三',
      user_address: expect.stringContaining('东华门大街1号'),
    });
    expect(r.order.orderProduct[0]).toMatchObject({ product_num: 2 });
    expect(r.express).toHaveLength(1);
    expect(r.express[0]!.status).toMatch(/中通快递【.+营业部】已揽收/);
    expect(r.express_message).toBe('');
    // The carrier is asked with the code, the number, the phone without +86, the shop's and the receiver's cities.
    expect(seen[0]).toMatchObject({ code: 'ZTO', number: 'ZT7766554433', phone: '13800001111', to: '北京市', abroad: false });
    expect(seen[0]!.from).toMatch(/市$/);
    expect(r.express[0]!.status.startsWith(`【${seen[0]!.from}】`)).toBe(true);

    const other = await newShopper(d);
    await expect(trackOrder(other, { id: orderId })).rejects.toMatchObject({ code: 'not_found', message: '订单不存在' });
    await expect(trackOrder({ db: d.db, user: null }, { id: orderId })).rejects.toMatchObject({ code: 'login_required' });
    await expect(trackOrder(s, { id: 'abc' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(getDelivery(s, { id: orderId })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a tracking service that fails gives an empty timeline with a message, not an error', async () => {
    const d = await createTestDatabase();
    const { s, orderId, m1 } = await paid(d);
    await shipOrder(m1, { id: orderId, delivery_type: 1, delivery_code: 'sf', delivery_id: 'SF1000000001' });
    useLogisticsProvider({
      name: 'down',
      track: async () => {
        throw new LogisticsError('no answer within 5000 ms');
      },
    });
    const r = await trackOrder(s, { id: orderId });
    expect(r.express).toEqual([]);
    expect(r.express_message).toBe(TRACK_TEXT.failed);
    expect(r.order.delivery_id).toBe('SF1000000001');
  });

  it('a rider delivery shows the receipt code, the rider and the steps newest first', async () => {
    const d = await createTestDatabase();
    const { s, orderId, m1 } = await paid(d);
    await shipOrder(m1, { id: orderId, delivery_type: 2, delivery_name: '刘师傅', delivery_id: '13512345678' });
    const r = await getDelivery(s, { id: orderId });
    const [row] = await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId));
    expect(r.finish_code).toBe(row!.finishCode);
    expect(r.finish_code).toMatch(/^\d{6}$/);
    expect(r.status).toBe(1);
    expect(r.storeOrder).toMatchObject({ delivery_name: '刘师傅', delivery_id: '13512345678', pay_type: 0, real_name: '张三' });
    expect(r.storeOrderStatus.map((t) => t.change_message)).toEqual([
      '已发货，配送员：刘师傅，电话：13512345678',
      '余额支付成功',
      '订单生成',
    ]);
    await expect(trackOrder(s, { id: orderId })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getDelivery(await newShopper(d), { id: orderId })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('express companies', () => {
  it('lists the common companies with their codes, label and value for a select', () => {
    const list = listExpress();
    expect(list).toEqual(expect.arrayContaining([{ id: 1, name: '顺丰速运', code: 'SF', label: '顺丰速运', value: '顺丰速运' }]));
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['SF', 'ZTO', 'YTO', 'YD', 'STO', 'JD', 'EMS', 'JTSD', 'DBL']));
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
  });
});
