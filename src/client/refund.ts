// Refund actions of server-rendered pages (wired by client/actions.ts through `data-action`, loaded with
// client/order-actions.ts):
//   <button data-action="cancel-refund" data-id="3" data-confirm="…">取消申请</button>
//   <button data-action="delete-refund" data-id="3" data-confirm="…" data-done="/user/refund_list">删除记录</button>
// and the shared calls of the refund islands.
import { send } from './api.ts';
import { flashToast, toast } from './toast.ts';
import { confirmed } from './confirm.ts';

/** Withdraws a refund request after the shopper confirms, then shows its new state. */
export async function cancelRefund(btn: HTMLButtonElement): Promise<void> {
  if (!(await confirmed(btn))) return;
  // The toasts say what the API answered (its `message`): the refund messages stay out of every page's script.
  const { message } = await send('POST', `/api/refund/cancel/${encodeURIComponent(btn.dataset.id ?? '')}`);
  flashToast(message);
  location.reload();
}

/** Hides a finished refund request, then goes to `data-done` (the list from the detail page) or shows the list again. */
export async function deleteRefund(btn: HTMLButtonElement): Promise<void> {
  if (!(await confirmed(btn))) return;
  const { message } = await send('POST', `/api/refund/del/${encodeURIComponent(btn.dataset.id ?? '')}`);
  if (btn.dataset.done) {
    flashToast(message);
    location.assign(btn.dataset.done);
  } else {
    toast(message);
    btn.closest('[data-refund-card]')?.remove();
  }
}
