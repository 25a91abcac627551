// Order actions of server-rendered pages, wired by client/actions.ts through `data-action` and loaded with the first
// click on one:
//   <button data-action="cancel-order" data-id="5" data-confirm="确定取消这个订单吗？" data-done="/user/order_list?type=1">取消订单</button>
//   <button data-action="take-order" data-id="7" data-confirm="…">确认收货</button>
//   <button data-action="delete-order" data-id="7" data-confirm="…" data-done="/user/order_list?type=1">删除订单</button>
//   <button data-action="buy-again" data-items='{"data":[{"product_id":1,"product_attr_unique":"…","cart_num":1}]}'>再次购买</button>
// and the refund ones of client/refund.ts. `data-confirm` is asked first, in the mall's dialog (client/confirm.ts).
import { send } from './api.ts';
import { toast } from './toast.ts';
import { confirmed } from './confirm.ts';
import { cancelRefund, deleteRefund } from './refund.ts';

/** Cancels an unpaid order after the shopper confirms, then shows its new state. */
async function cancelOrder(btn: HTMLButtonElement): Promise<void> {
  if (!(await confirmed(btn))) return;
  await send('POST', `/api/order/cancel/${encodeURIComponent(btn.dataset.id ?? '')}`);
  toast('订单已取消');
  if (btn.dataset.done) location.assign(btn.dataset.done);
  else location.reload();
}

/** Confirms receipt of a shipped order, then shows its new state. */
async function takeOrder(btn: HTMLButtonElement): Promise<void> {
  if (!(await confirmed(btn))) return;
  await send('POST', `/api/order/take/${encodeURIComponent(btn.dataset.id ?? '')}`);
  toast('已确认收货');
  location.reload();
}

/** Deletes a finished order, then goes to `data-done` (the order list from its detail page) or shows the list again. */
async function deleteOrder(btn: HTMLButtonElement): Promise<void> {
  if (!(await confirmed(btn))) return;
  await send('POST', `/api/order/del/${encodeURIComponent(btn.dataset.id ?? '')}`);
  toast('订单已删除');
  if (btn.dataset.done) location.assign(btn.dataset.done);
  else location.reload();
}

/** Buy again: fresh buy-now lines of the order's items, then checkout with them (reference `/order_detail`). */
async function buyAgain(btn: HTMLButtonElement): Promise<void> {
  const { data } = await send<{ cart_id: number[] }>('POST', '/api/user/cart/again', { body: JSON.parse(btn.dataset.items ?? '{}') });
  location.assign(`/order_confirm?new=1&cartId=${data.cart_id.join(',')}`);
}

export const orderActions: Record<string, (btn: HTMLButtonElement) => Promise<void>> = {
  'cancel-order': cancelOrder,
  'take-order': takeOrder,
  'delete-order': deleteOrder,
  'buy-again': buyAgain,
  'cancel-refund': cancelRefund,
  'delete-refund': deleteRefund,
};
