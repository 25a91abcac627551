import type { ServiceContext } from '../../server/services/context.ts';
import { getGroupOrder } from '../../server/services/order/get-group-order.ts';
import { getPresellBalance } from '../../server/services/payment/get-presell-balance.ts';
import { parseId, url } from '../../shared/routes.ts';

/**
 * What the payment pages (/payment, /payment_success, /payment_failed) show of the thing being paid: a group
 * order (`type` absent, id = group_order_id) or a presale balance (`type=2`, id = order_id), read through the
 * order and payment services, scoped to the shopper (another shopper's id is a 404).
 */
export interface PaySubject {
  presell: boolean;
  id: number;
  /** `group_order_sn`, or the store order's `order_sn` for a presale balance (reference `/payment`). */
  sn: string;
  /** CNY yuan due (or paid). */
  payPrice: string;
  /**
   * `unpaid` payable now; `paid`; `cancelled` (a group order) or `closed` (a balance past its window);
   * `not_due` (a balance whose window has not begun).
   */
  state: 'unpaid' | 'paid' | 'cancelled' | 'closed' | 'not_due';
  /** Unix seconds when an unpaid order is cancelled (a balance's window closes), and the same as mall time. */
  deadline: number;
  deadlineText: string;
  /** A balance's window opening (mall time), '' for a group order. */
  opensText: string;
  payType: number | null;
  payTime: string | null;
  receiver: { real_name: string; user_phone: string; user_address: string };
  /** The first product's name, how many kinds of product and items in all. */
  firstProduct: string;
  kinds: number;
  totalNum: number;
}

/** The id and kind in a payment page's query: `?<param>=<id>` plus `type=2` for a presale balance; null when malformed. */
export function subjectQuery(u: URL, param: 'result' | 'orderId'): { id: number; presell: boolean } | null {
  const id = parseId(u.searchParams.get(param) ?? undefined);
  return id === null ? null : { id, presell: u.searchParams.get('type') === '2' };
}

/**
 * The order of a payment result page: `orderId=`, or `result=` as `/payment` names it (a client that keeps the
 * payment page's query). Null when neither is a valid id.
 */
export const resultSubject = (u: URL) => subjectQuery(u, 'orderId') ?? subjectQuery(u, 'result');

/** A payment result page opened without naming an order (neither `orderId=` nor `result=`): it has nothing to show. */
export const namesNoOrder = (u: URL) => !u.searchParams.has('orderId') && !u.searchParams.has('result');

export async function readPaySubject(ctx: ServiceContext, q: { id: number; presell: boolean }): Promise<PaySubject> {
  if (q.presell) {
    const b = await getPresellBalance(ctx, { id: q.id });
    return {
      presell: true,
      id: b.order_id,
      sn: b.order_sn,
      payPrice: b.pay_price,
      state: b.state === 'open' ? 'unpaid' : b.state,
      deadline: b.final_end_unix,
      deadlineText: b.final_end_time,
      opensText: b.final_start_time,
      payType: b.pay_type,
      payTime: b.pay_time,
      receiver: { real_name: b.real_name, user_phone: b.user_phone, user_address: b.user_address },
      firstProduct: b.orderProduct[0]?.store_name ?? '',
      kinds: b.orderProduct.length,
      totalNum: b.orderProduct.reduce((n, i) => n + i.product_num, 0),
    };
  }
  const g = await getGroupOrder(ctx, { id: q.id });
  const items = g.orderList.flatMap((o) => o.orderProduct);
  return {
    presell: false,
    id: g.group_order_id,
    sn: g.group_order_sn,
    payPrice: g.pay_price,
    state: g.paid ? 'paid' : g.is_cancel ? 'cancelled' : 'unpaid',
    deadline: g.cancel_unix,
    deadlineText: g.cancel_time,
    opensText: '',
    payType: g.pay_type,
    payTime: g.pay_time,
    receiver: { real_name: g.real_name, user_phone: g.user_phone, user_address: g.user_address },
    firstProduct: items[0]?.cart_info.product.store_name ?? '',
    kinds: items.length,
    totalNum: g.total_num,
  };
}

/** The URLs between the payment pages, keeping `type=2` for a presale balance. */
export const payUrls = (s: { id: number; presell: boolean }) => {
  const type = s.presell ? 2 : undefined;
  return {
    pay: url('payment', { result: s.id, type }),
    success: url('paymentSuccess', { orderId: s.id, type }),
  };
};
