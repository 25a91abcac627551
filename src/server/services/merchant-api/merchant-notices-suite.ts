// A shop's SMS about what it must act on (an order to ship, a refund request, goods sent back), on a real database:
// PGlite (merchant-notices.test.ts) and PostgreSQL 15 (merchant-notices.postgres.test.ts). Each test gives its shop a
// notice phone of its own and reads only that phone's messages.
import { describe, it, expect, beforeEach } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, merchant, presellOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { installMemorySms } from '../../../../tests/helpers/auth.ts';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { newShopper, topUp } from '../../../../tests/helpers/checkout.ts';
import { depositOrder, paidOrder } from '../../../../tests/helpers/orders.ts';
import { toYuan } from '../../../shared/money.ts';
import { applyRefund } from '../refund/apply-refund.ts';
import { shipReturn } from '../refund/ship-return.ts';
import { cancelRefund } from '../refund/cancel-refund.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';
import { refundMerchantOrder } from '../refund/merchant-refund-order.ts';
import { payOrder } from '../payment/pay-order.ts';
import { getShopSettings, updateShopSettings } from './shop-settings.ts';
import { shipOrder } from './ship-order.ts';
import { MERCHANT_NOTICE_TEXT, notifyMerchant } from './merchant-notices.ts';
import type { NoticeSms } from '../../auth/sms/index.ts';

const MER = 4;

export function merchantNoticesSuite(open: () => Promise<Database>) {
  let sms: ReturnType<typeof installMemorySms>;
  beforeEach(() => {
    sms = installMemorySms();
  });

  const toPhone = (phone: string) => sms.messages.filter((m): m is NoticeSms => m.phone === phone && 'text' in m);
  const runNotices = (d: Database) =>
    runDueJobs(d.db, { 'merchant.notify': notifyMerchant }, { worker: 'merchant-notice-test', limit: 100 });
  /** A fresh notice phone for the shop, set through its settings as a merchant would. */
  const phoneFor = async (d: Database, merId = MER) => {
    const phone = `1590000${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
    expect((await updateShopSettings(await asMerchant(d, merId), { notice_phone: phone })).notice_phone).toBe(phone);
    return phone;
  };
  const shopName = async (d: Database, merId = MER) =>
    (await d.db.select({ n: merchant.merName }).from(merchant).where(eq(merchant.merId, merId)))[0]!.n;
  const orderOf = async (d: Database, orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!;

  describe('the shop is told by SMS on its notice phone', () => {
    it('of a paid order to ship, once, with its number, count and amount; not of one refunded before the SMS went', async () => {
      const d = await open();
      const phone = await phoneFor(d);
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [MER], 2);
      const gone = await paidOrder(d, s, [MER]);
      await refundMerchantOrder(await asMerchant(d, MER), { id: gone.orderIds[0], refund_message: '商品缺货，已为您退款' });
      expect(toPhone(phone)).toEqual([]);
      await runNotices(d);
      const o = await orderOf(d, orderIds[0]!);
      expect(toPhone(phone)).toEqual([
        {
          phone,
          phone_code: '86',
          type: 'merchant_order',
          text: MERCHANT_NOTICE_TEXT.newOrder(await shopName(d), o.orderSn, 2, toYuan(o.payPrice), false),
        },
      ]);
      expect(toPhone(phone)[0]!.text).toContain(`有新订单${o.orderSn}（2件，实付¥${toYuan(o.payPrice)}）待发货`);
      await runNotices(d);
      expect(toPhone(phone)).toHaveLength(1);
    });

    it('of a deposit presale only once its balance is paid (then it has something to ship)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderId } = await depositOrder(d, s);
      const shop = (await orderOf(d, orderId)).merId;
      const phone = await phoneFor(d, shop);
      await runNotices(d);
      expect(toPhone(phone)).toEqual([]);
      // The balance window opens: the shopper pays it, and the shop hears of an order to ship.
      const [po] = await d.db
        .update(presellOrder)
        .set({ finalStartTime: new Date(Date.now() - 60_000) })
        .where(eq(presellOrder.orderId, orderId))
        .returning();
      await topUp(d, s.user.uid, po!.payPrice);
      await payOrder(s, { id: orderId, subject: 'presell', type: 'balance' });
      await runNotices(d);
      const o = await orderOf(d, orderId);
      expect(o.status).toBe(0);
      expect(toPhone(phone)).toEqual([
        {
          phone,
          phone_code: '86',
          type: 'merchant_order',
          text: MERCHANT_NOTICE_TEXT.newOrder(await shopName(d, shop), o.orderSn, o.totalNum, toYuan(o.payPrice), false),
        },
      ]);
    });

    it('of a refund request to review and of the goods of a return sent back, while each still waits for the shop', async () => {
      const d = await open();
      const phone = await phoneFor(d);
      const s = await newShopper(d);
      const m = await asMerchant(d, MER);
      const { orderIds } = await paidOrder(d, s, [MER], 2);
      await shipOrder(m, { id: orderIds[0], delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF555666777' });
      const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderIds[0]!));
      // One unit of the line each, as the shopper's refund form asks.
      const ask = (refund_type: 1 | 2, refund_message: string, refund_price: string) =>
        applyRefund(s, { order_id: orderIds[0], type: 1, refund_type, num: 1, ids: [item!.orderProductId], refund_message, refund_price });
      const asked = await ask(2, '与描述不符', '1.00');
      await runNotices(d);
      const shop = await shopName(d);
      expect(toPhone(phone).filter((x) => x.type === 'merchant_refund')).toEqual([
        {
          phone,
          phone_code: '86',
          type: 'merchant_refund',
          text: MERCHANT_NOTICE_TEXT.refundRequested(shop, asked.refund_order_sn, true, '1.00', '与描述不符'),
        },
      ]);
      await approveMerchantRefund(m, { id: asked.refund_order_id });
      await shipReturn(s, {
        id: asked.refund_order_id,
        delivery_type: '顺丰速运',
        delivery_id: 'SF888999000',
        delivery_phone: '13800001111',
      });
      await runNotices(d);
      expect(
        toPhone(phone)
          .filter((x) => x.type === 'merchant_refund')
          .map((x) => x.text),
      ).toEqual([
        MERCHANT_NOTICE_TEXT.refundRequested(shop, asked.refund_order_sn, true, '1.00', '与描述不符'),
        MERCHANT_NOTICE_TEXT.returnShipped(shop, asked.refund_order_sn, '顺丰速运', 'SF888999000'),
      ]);
      // A request the buyer withdrew before the SMS went is not told.
      const withdrawn = await ask(1, '不想要了', '0.50');
      await cancelRefund(s, { id: withdrawn.refund_order_id });
      await runNotices(d);
      expect(toPhone(phone).filter((x) => x.type === 'merchant_refund')).toHaveLength(2);
      const [queued] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'merchant.notify'), eq(job.key, `refund_requested:${withdrawn.refund_order_id}`)));
      expect(queued!.state).toBe('done');
    });

    it('not at all without a notice phone, and a phone that is not a mainland mobile is refused in Chinese', async () => {
      const d = await open();
      const m = await asMerchant(d, MER);
      await expect(updateShopSettings(m, { notice_phone: '021-66668888' })).rejects.toMatchObject({
        code: 'invalid',
        message: expect.stringMatching(/^订单提醒手机号须是11位中国大陆手机号/),
      });
      expect((await updateShopSettings(m, { notice_phone: '' })).notice_phone).toBe('');
      expect((await getShopSettings(m)).notice_phone).toBe('');
      const before = sms.messages.length;
      const s = await newShopper(d);
      await paidOrder(d, s, [MER]);
      await runNotices(d);
      expect(sms.messages.slice(before).filter((x) => x.type === 'merchant_order')).toEqual([]);
    });
  });
}
