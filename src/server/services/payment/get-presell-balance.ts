import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { presellOrder, storeOrder, storeOrderProduct } from '../../db/schema/index.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { toYuan } from '../../../shared/money.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { notFound, parseInput } from '../input.ts';
import { formatDateTime, now, unix } from '../dates.ts';
import { SETTLE_TEXT } from './settle.ts';

/**
 * The balance of a presale deposit order as the payment pages show it (`/payment?result=<order_id>&type=2`): what
 * is due, in which window, to whom it ships and what was bought. `state`: `open` (payable now), `not_due` (the
 * window has not begun), `closed` (the window passed or the order closed), `paid`.
 */
export interface PresellBalanceDto {
  order_id: number;
  order_sn: string;
  presell_order_sn: string;
  /** The balance, CNY yuan. */
  pay_price: string;
  paid: number;
  pay_type: number | null;
  pay_time: string | null;
  state: 'open' | 'not_due' | 'closed' | 'paid';
  final_start_time: string;
  final_end_time: string;
  final_start_unix: number;
  final_end_unix: number;
  real_name: string;
  user_phone: string;
  user_address: string;
  orderProduct: { store_name: string; sku: string; product_num: number }[];
}

/** One of the shopper's presale balances by its store order id; another shopper's or an unknown one is a 404. */
export async function getPresellBalance(ctx: ServiceContext, input: { id: unknown }): Promise<PresellBalanceDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('订单ID') }), input);
  const [row] = await ctx.db
    .select({ po: presellOrder, o: storeOrder })
    .from(presellOrder)
    .innerJoin(storeOrder, eq(storeOrder.orderId, presellOrder.orderId))
    .where(and(eq(presellOrder.orderId, id), eq(presellOrder.uid, user.uid), eq(storeOrder.isDel, false)));
  if (!row) throw notFound(SETTLE_TEXT.gone);
  const { po, o } = row;
  const items = await ctx.db
    .select({ snapshot: storeOrderProduct.snapshot, num: storeOrderProduct.productNum })
    .from(storeOrderProduct)
    .where(eq(storeOrderProduct.orderId, id))
    .orderBy(asc(storeOrderProduct.orderProductId));
  const at = now();
  const state = po.paid ? 'paid' : po.status !== 1 || po.finalEndTime <= at ? 'closed' : po.finalStartTime > at ? 'not_due' : 'open';
  return {
    order_id: o.orderId,
    order_sn: o.orderSn,
    presell_order_sn: po.presellOrderSn,
    pay_price: toYuan(po.payPrice),
    paid: po.paid ? 1 : 0,
    pay_type: po.payType,
    pay_time: formatDateTime(po.payTime),
    state,
    final_start_time: formatDateTime(po.finalStartTime)!,
    final_end_time: formatDateTime(po.finalEndTime)!,
    final_start_unix: unix(po.finalStartTime),
    final_end_unix: unix(po.finalEndTime),
    real_name: o.receiver.real_name,
    user_phone: o.receiver.phone,
    user_address: o.receiver.address,
    orderProduct: items.map((i) => ({ store_name: i.snapshot.store_name, sku: i.snapshot.sku, product_num: i.num })),
  };
}
