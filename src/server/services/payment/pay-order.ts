import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { payment, PAY_TYPE, presellOrder, storeGroupOrder, storeOrder, users, type PaymentSubject } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { config } from '../../config.ts';
import { getQrProvider } from '../../payment/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { payInput, QR_TTL_SECONDS, type PayInput, type PayMethod } from '../../../shared/schemas/payment.ts';
import { toYuan } from '../../../shared/money.ts';
import type { PayResultDto } from '../../../shared/payment.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { getAppConfig } from '../site/get-app-config.ts';
import { cancelGroupOrder, CANCEL_TEXT } from '../order/cancel-order.ts';
import { outTradeNo, settleSubject, SETTLE_TEXT } from './settle.ts';
import { changeWallet } from '../wallet/change-wallet.ts';

export const PAY_TEXT = {
  balanceShort: '余额不足',
  balanceOff: '余额支付未开启',
  methodOff: '该支付方式暂未开通',
  gateway: '支付通道暂不可用，请稍后再试或换一种支付方式',
  overdue: '订单已超时取消',
  balanceSuccess: '余额支付成功',
  notDue: '尚未到尾款支付时间',
} as const;

/**
 * `POST /api/order/pay/{id}` answer: balance is paid at once; a QR method hands back what the QR code encodes
 * (`config`) and the code itself drawn as an SVG data URL (`qrcode`).
 */
export type PayResult = PayResultDto;

const PAY_TYPE_OF: Record<PayMethod, number> = { balance: PAY_TYPE.balance, weixinQr: PAY_TYPE.weixinQr, alipayQr: PAY_TYPE.alipayQr };
const refuse = (m: string) => new ServiceError('refused', m);

interface Due {
  subject: PaymentSubject;
  subjectId: number;
  amount: number;
  sn: string;
}

/**
 * What the shopper owes on a group order (`subject` group) or a presale balance (`presell`, id = store order id),
 * with the refusals a shopper should read: another shopper's or an unknown id is a 404; paid, cancelled, overdue
 * or outside the balance window is refused. An overdue unpaid group order is cancelled here (once).
 */
async function amountDue(db: Db, uid: number, subject: PaymentSubject, id: number): Promise<Due> {
  if (subject === 'group') {
    const [g] = await db
      .select()
      .from(storeGroupOrder)
      .where(and(eq(storeGroupOrder.groupOrderId, id), eq(storeGroupOrder.uid, uid), eq(storeGroupOrder.isDel, false)));
    if (!g) throw notFound(SETTLE_TEXT.gone);
    if (g.paid) throw refuse(SETTLE_TEXT.paid);
    if (g.isCancel) throw refuse(SETTLE_TEXT.cancelled);
    if (g.cancelTime <= now()) {
      await cancelGroupOrder(db, id, CANCEL_TEXT.expired);
      throw refuse(PAY_TEXT.overdue);
    }
    return { subject, subjectId: id, amount: g.payPrice, sn: g.groupOrderSn };
  }
  const [row] = await db
    .select({ po: presellOrder, isDel: storeOrder.isDel })
    .from(presellOrder)
    .innerJoin(storeOrder, eq(storeOrder.orderId, presellOrder.orderId))
    .where(and(eq(presellOrder.orderId, id), eq(presellOrder.uid, uid)));
  if (!row || row.isDel) throw notFound(SETTLE_TEXT.gone);
  const at = now();
  if (row.po.paid) throw refuse(SETTLE_TEXT.paid);
  if (row.po.status !== 1 || row.po.finalEndTime <= at) throw refuse(SETTLE_TEXT.closed);
  if (row.po.finalStartTime > at) throw refuse(PAY_TEXT.notDue);
  return { subject, subjectId: id, amount: row.po.payPrice, sn: row.po.presellOrderSn };
}

/**
 * Pays a group order (`POST /api/order/pay/{group_order_id}`) or a presale balance (`POST /api/presell/pay/{order_id}`).
 * - balance: in ONE transaction the balance is taken by a conditional update (never below zero), a ledger row is
 *   written, the payment is recorded and the order marked paid; paying twice, or two tabs at once, pays once.
 * - weixinQr / alipayQr: a pending payment is recorded in a short transaction, then the gateway is asked for its
 *   QR code outside any transaction; the order is paid when the gateway's notification arrives.
 */
export async function payOrder(ctx: ServiceContext, input: { id: unknown; subject?: PaymentSubject } & PayInput): Promise<PayResult> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), { id: input.id });
  const { type } = parseInput(payInput, input);
  const subject = input.subject ?? 'group';
  const switches = await getAppConfig(ctx);
  if (type === 'balance') {
    if (!switches.yue_pay_status) throw refuse(PAY_TEXT.balanceOff);
    const due = await amountDue(ctx.db, user.uid, subject, id);
    await payByBalance(ctx.db, user.uid, due);
    return { status: 'success', result: { order_id: id } };
  }
  const provider = type === 'alipayQr' && !switches.alipay_open ? null : await getQrProvider(ctx.db, type);
  if (!provider) throw refuse(PAY_TEXT.methodOff);
  const due = await amountDue(ctx.db, user.uid, subject, id);
  const at = now();
  const expiresAt = new Date(at.getTime() + QR_TTL_SECONDS * 1000);
  const tradeNo = outTradeNo(at);
  await ctx.db.insert(payment).values({
    outTradeNo: tradeNo,
    uid: user.uid,
    subject,
    subjectId: id,
    provider: provider.name,
    payType: PAY_TYPE_OF[type],
    amount: due.amount,
    expiresAt,
    createdAt: at,
  });
  let qr: { codeUrl: string; providerTradeNo?: string };
  try {
    qr = await provider.createQr({
      method: type,
      outTradeNo: tradeNo,
      amount: due.amount,
      title: `商城订单 ${due.sn}`,
      notifyUrl: `${config.siteUrl}/api/notify/${provider.name}`,
      expiresAt,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 300) : String(err);
    await ctx.db
      .update(payment)
      .set({ status: 'failed', reason: `下单失败：${reason}` })
      .where(and(eq(payment.outTradeNo, tradeNo), eq(payment.status, 'pending')));
    console.error(`payment ${tradeNo}: ${provider.name} refused the QR request: ${reason}`);
    throw new ServiceError('unavailable', PAY_TEXT.gateway);
  }
  await ctx.db
    .update(payment)
    .set({ codeUrl: qr.codeUrl, providerTradeNo: qr.providerTradeNo ?? '' })
    .where(eq(payment.outTradeNo, tradeNo));
  return {
    status: type,
    result: {
      config: qr.codeUrl,
      qrcode: await qrDataUrl(qr.codeUrl),
      order_id: id,
      out_trade_no: tradeNo,
      pay_price: toYuan(due.amount),
      expire_seconds: QR_TTL_SECONDS,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
    },
  };
}

/**
 * A QR code of `text` as an SVG data URL (the scan-login codes are drawn the same way). Level L: shown on a clean
 * screen, it needs little error correction, and a long gateway URL stays coarse enough for a phone camera.
 */
async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'L' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The balance half of payOrder: one transaction, balance and ledger and order together. */
async function payByBalance(db: Db, uid: number, due: Due): Promise<void> {
  const at = now();
  await transaction(db, async (tx) => {
    // The money first (it also locks the shopper's row, so their payments take turns), then the order.
    if (due.amount > 0) {
      const paid = await changeWallet(tx, {
        uid,
        category: 'now_money',
        type: due.subject === 'group' ? 'pay_order' : 'pay_presell',
        pm: 0,
        number: due.amount,
        linkId: String(due.subjectId),
        title: due.subject === 'group' ? '购买商品' : '支付预售尾款',
        mark: `余额支付${toYuan(due.amount)}元购买商品（订单${due.sn}）`,
        at,
        shortMessage: PAY_TEXT.balanceShort,
      });
      if (paid.status !== 'applied') throw refuse(SETTLE_TEXT.paid);
    } else {
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
    }
    const settled = await settleSubject(tx, {
      subject: due.subject,
      subjectId: due.subjectId,
      uid,
      payType: PAY_TYPE.balance,
      amount: due.amount,
      at,
      message: PAY_TEXT.balanceSuccess,
    });
    if (!settled.ok) throw refuse(SETTLE_TEXT[settled.why]);
    const tradeNo = outTradeNo(at);
    await tx.insert(payment).values({
      outTradeNo: tradeNo,
      uid,
      subject: due.subject,
      subjectId: due.subjectId,
      provider: 'balance',
      payType: PAY_TYPE.balance,
      amount: due.amount,
      status: 'paid',
      expiresAt: at,
      paidAt: at,
      createdAt: at,
    });
  });
}
