// The shopper's SMS about their order (shipped, refund paid back), on a real database: PGlite
// (shopper-notices.test.ts) and PostgreSQL 15 (shopper-notices.postgres.test.ts). Each test makes its own shopper and
// order and reads only that shopper's messages.
import { describe, it, expect, beforeEach } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, merchant, presellOrder, product, refundOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { installMemorySms } from '../../../../tests/helpers/auth.ts';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { newShopper, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { depositOrder, paidOrder } from '../../../../tests/helpers/orders.ts';
import { toYuan } from '../../../shared/money.ts';
import { formatDateTime } from '../dates.ts';
import { refundRequestForTest } from '../../../../tests/helpers/refund-requests.ts';
import { correctShipment, shipOrder } from '../merchant-api/ship-order.ts';
import { approveMerchantRefund } from '../refund/merchant-approve-refund.ts';
import { refuseMerchantRefund } from '../refund/merchant-refuse-refund.ts';
import { returnDeadline } from '../refund/auto-refund-time.ts';
import { afterSaleSettings } from './order-rules.ts';
import { NOTICE_TEXT, notifyShopper } from './shopper-notices.ts';
import type { NoticeSms, SmsProvider } from '../../auth/sms/index.ts';
import { useSmsProvider } from '../../auth/sms/index.ts';

const MER = 3;

export function shopperNoticesSuite(open: () => Promise<Database>) {
  let sms: ReturnType<typeof installMemorySms>;
  beforeEach(() => {
    sms = installMemorySms();
  });

  /** The notices the shopper's phone received (no codes are sent in these tests). */
  const toShopper = (s: Shopper) => sms.messages.filter((m): m is NoticeSms => m.phone === s.user.phone && 'text' in m);
  const runNotices = (d: Database, now?: Date) =>
    runDueJobs(d.db, { 'shopper.notify': notifyShopper }, { worker: 'notice-test', limit: 50, now });
  const orderOf = async (d: Database, orderId: number) => (await d.db.select().from(storeOrder).where(eq(storeOrder.orderId, orderId)))[0]!;
  const shopName = async (d: Database) => (await d.db.select({ n: merchant.merName }).from(merchant).where(eq(merchant.merId, MER)))[0]!.n;

  describe('the shopper is told by SMS', () => {
    it('that their order shipped, once, with the parcel as it is when the SMS goes (a corrected number included)', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [MER]);
      const m = await asMerchant(d, MER);
      await shipOrder(m, { id: orderIds[0], delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF100200300' });
      // A second ship is refused and queues nothing more; a correction before the SMS goes is what it tells.
      await expect(
        shipOrder(m, { id: orderIds[0], delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF1' }),
      ).rejects.toMatchObject({
        message: '订单已发货',
      });
      await correctShipment(m, { id: orderIds[0], delivery_type: 1, delivery_name: '中通快递', delivery_id: 'ZT7788990011' });
      expect(toShopper(s)).toEqual([]);
      await runNotices(d);
      const o = await orderOf(d, orderIds[0]!);
      expect(toShopper(s)).toEqual([
        {
          phone: s.user.phone,
          phone_code: '86',
          type: 'order_shipped',
          text: NOTICE_TEXT.shipped(await shopName(d), o.orderSn, NOTICE_TEXT.express('中通快递', 'ZT7788990011')),
        },
      ]);
      expect(toShopper(s)[0]!.text).toContain(`订单${o.orderSn}已发货，中通快递，快递单号ZT7788990011`);
      await runNotices(d);
      expect(toShopper(s)).toHaveLength(1);
    });

    it("a rider's delivery comes with the receipt code the shopper tells the rider", async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [MER]);
      await shipOrder(await asMerchant(d, MER), { id: orderIds[0], delivery_type: 2, delivery_name: '李师傅', delivery_id: '13912345678' });
      await runNotices(d);
      const { finishCode } = await orderOf(d, orderIds[0]!);
      expect(finishCode).toMatch(/^\d{6}$/);
      expect(toShopper(s).map((x) => x.text)).toEqual([
        expect.stringContaining(`同城配送，配送员李师傅（13912345678），收货码${finishCode}`),
      ]);
    });

    it("that a deposit presale's balance can be paid, when its window opens, and not once it is paid", async () => {
      const d = await open();
      const [s, early] = [await newShopper(d), await newShopper(d)];
      const { orderId } = await depositOrder(d, s);
      const [po] = await d.db.select().from(presellOrder).where(eq(presellOrder.orderId, orderId));
      expect(po!.finalStartTime.getTime()).toBeGreaterThan(Date.now());
      const [queued] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'shopper.notify'), eq(job.key, `balance_due:${orderId}`)));
      expect(queued!.runAt.getTime()).toBe(po!.finalStartTime.getTime());
      // Before the window: nothing is due, nothing is sent.
      await runNotices(d);
      expect(toShopper(s)).toEqual([]);
      // A balance paid already (here marked so) is not asked for.
      const other = await depositOrder(d, early);
      await d.db.update(presellOrder).set({ paid: 1 }).where(eq(presellOrder.orderId, other.orderId));

      await runNotices(d, po!.finalStartTime);
      const [line] = await d.db
        .select({ name: product.storeName })
        .from(storeOrderProduct)
        .innerJoin(product, eq(product.productId, storeOrderProduct.productId))
        .where(eq(storeOrderProduct.orderId, orderId));
      expect(toShopper(s)).toEqual([
        {
          phone: s.user.phone,
          phone_code: '86',
          type: 'presell_balance',
          text: NOTICE_TEXT.balanceDue(line!.name, toYuan(po!.payPrice), formatDateTime(po!.finalEndTime)!),
        },
      ]);
      expect(toShopper(s)[0]!.text).toMatch(/已开始支付尾款，请在\d{4}-\d\d-\d\d \d\d:\d\d:\d\d前支付尾款¥\d+\.\d\d/);
      expect(toShopper(early)).toEqual([]);
    });

    it("that a refund request was refused, with the shop's reason, and where to send a return's goods by when", async () => {
      const d = await open();
      const s = await newShopper(d);
      const m = await asMerchant(d, MER);
      const { orderIds } = await paidOrder(d, s, [MER], 2);
      await shipOrder(m, { id: orderIds[0], delivery_type: 1, delivery_name: '顺丰速运', delivery_id: 'SF246813579' });
      const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderIds[0]!));
      const asked = await refundRequestForTest(d, s, orderIds[0]!, [{ orderProductId: item!.orderProductId, num: 1 }], 1, 100);
      await refuseMerchantRefund(m, { id: asked.refundOrderId, fail_message: '商品已签收，不支持仅退款' });
      const ret = await refundRequestForTest(d, s, orderIds[0]!, [{ orderProductId: item!.orderProductId, num: 1 }], 2, 100);
      await approveMerchantRefund(m, {
        id: ret.refundOrderId,
        return_name: '售后部',
        return_phone: '021-66668888',
        return_address: '上海市浦东新区张江路88号',
      });
      await runNotices(d);
      const [approved] = await d.db.select().from(refundOrder).where(eq(refundOrder.refundOrderId, ret.refundOrderId));
      const deadline = returnDeadline(1, approved!.statusTime, (await afterSaleSettings(d.db)).returnDays)!;
      const afterSale = toShopper(s).filter((x) => x.type !== 'order_shipped');
      expect(afterSale).toEqual([
        {
          phone: s.user.phone,
          phone_code: '86',
          type: 'refund_refused',
          text: NOTICE_TEXT.refundRefused(asked.refundOrderSn, '商品已签收，不支持仅退款'),
        },
        {
          phone: s.user.phone,
          phone_code: '86',
          type: 'return_approved',
          text: NOTICE_TEXT.returnApproved(ret.refundOrderSn, formatDateTime(deadline)!, '售后部 021-66668888 上海市浦东新区张江路88号'),
        },
      ]);
      expect(afterSale[1]!.text).toContain('前将商品寄回：售后部 021-66668888 上海市浦东新区张江路88号');
    });

    it('that a refund went back to their balance, once, and is tried again when the SMS gateway fails', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { orderIds } = await paidOrder(d, s, [MER]);
      const [item] = await d.db.select().from(storeOrderProduct).where(eq(storeOrderProduct.orderId, orderIds[0]!));
      const r = await refundRequestForTest(d, s, orderIds[0]!, [{ orderProductId: item!.orderProductId, num: 1 }], 1, 100);
      // The gateway is down when the job first runs: the job stays queued for a retry, nothing was sent.
      const down: SmsProvider = {
        name: 'down',
        async send() {
          throw new Error('短信发送失败，请稍后再试');
        },
      };
      useSmsProvider(down);
      await approveMerchantRefund(await asMerchant(d, MER), { id: r.refundOrderId });
      expect(await runNotices(d)).toMatchObject({ claimed: 1, retried: 1 });
      const [queued] = await d.db
        .select()
        .from(job)
        .where(and(eq(job.kind, 'shopper.notify'), eq(job.key, `refunded:${r.refundOrderId}`)));
      expect(queued).toMatchObject({ state: 'queued', attempts: 1 });

      useSmsProvider(sms);
      await runNotices(d, new Date(queued!.runAt.getTime() + 1000));
      expect(toShopper(s)).toEqual([
        { phone: s.user.phone, phone_code: '86', type: 'refund_done', text: NOTICE_TEXT.refunded(r.refundOrderSn, '1.00', true) },
      ]);
      expect(toShopper(s)[0]!.text).toContain('已退款¥1.00，已退回账户余额');
      await runNotices(d, new Date(queued!.runAt.getTime() + 3_600_000));
      expect(toShopper(s)).toHaveLength(1);
      expect(
        (
          await d.db
            .select({ n: sql<number>`count(*)::int` })
            .from(job)
            .where(eq(job.key, `refunded:${r.refundOrderId}`))
        )[0]!.n,
      ).toBe(1);
    });
  });
}
