// Order actions of server-rendered pages, wired by client/actions.ts through `data-action` and loaded with the first
// click on one:
//   <button data-action="cancel-order" data-id="5" data-confirm="确定取消这个订单吗？" data-done="/user/order_list?type=1">取消订单</button>
//   <button data-action="take-order" data-id="7" data-confirm="…">确认收货</button>
//   <button data-action="delete-order" data-id="7" data-confirm="…" data-done="/user/order_list?type=1">删除订单</button>
//   <button data-action="buy-again" data-items='{"data":[{"product_id":1,"product_attr_unique":"…","cart_num":1}]}'>再次购买</button>
// and the refund ones of client/refund.ts. `data-confirm` is asked first, in the mall's dialog (client/confirm.ts).
import { send } from './api.ts';
import { flashToast } from './toast.ts';
import { confirmed } from './confirm.ts';
import { cancelRefund, deleteRefund } from './refund.ts';

/**
 * An order verb once the shopper confirms (`POST /api/order/<verb>/<id>`), then `data-done` (the order list from a
 * detail page) or the same page again, which says `done` (the toast is kept for it: `flashToast`).
 */
const orderVerb =
  (verb: string, done: string) =>
  async (btn: HTMLButtonElement): Promise<void> => {
    if (!(await confirmed(btn))) return;
    await send('POST', `/api/order/${verb}/${encodeURIComponent(btn.dataset.id ?? '')}`);
    flashToast(done);
    if (btn.dataset.done) location.assign(btn.dataset.done);
    else location.reload();
  };

/** Buy again: fresh buy-now lines of the order's items, then checkout with them (reference `/order_detail`). */
async function buyAgain(btn: HTMLButtonElement): Promise<void> {
  const { data } = await send<{ cart_id: number[] }>('POST', '/api/user/cart/again', { body: JSON.parse(btn.dataset.items ?? '{}') });
  location.assign(`/order_confirm?new=1&cartId=${data.cart_id.join(',')}`);
}

export const orderActions: Record<string, (btn: HTMLButtonElement) => Promise<void>> = {
  'cancel-order': orderVerb('cancel', '订单已取消'),
  'take-order': orderVerb('take', '已确认收货'),
  'delete-order': orderVerb('del', '订单已删除'),
  'buy-again': buyAgain,
  'cancel-refund': cancelRefund,
  'delete-refund': deleteRefund,
};
