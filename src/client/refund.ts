// Refund actions of server-rendered pages (wired by client/actions.ts through `data-action`):
//   <button data-action="cancel-refund" data-id="3" data-confirm="…">取消申请</button>
//   <button data-action="delete-refund" data-id="3" data-confirm="…" data-done="/user/refund_list">删除记录</button>
// and the shared calls of the refund islands.
import { send } from './api.ts';
import { flashToast, toast } from './toast.ts';
import { REFUND_TEXT } from '../shared/refund.ts';

/** Withdraws a refund request after the shopper confirms, then shows its new state. */
export async function cancelRefund(btn: HTMLButtonElement): Promise<void> {
  if (btn.dataset.confirm && !window.confirm(btn.dataset.confirm)) return;
  await send('POST', `/api/refund/cancel/${encodeURIComponent(btn.dataset.id ?? '')}`);
  flashToast(REFUND_TEXT.cancelled);
  location.reload();
}

/** Hides a finished refund request, then goes to `data-done` (the list from the detail page) or shows the list again. */
export async function deleteRefund(btn: HTMLButtonElement): Promise<void> {
  if (btn.dataset.confirm && !window.confirm(btn.dataset.confirm)) return;
  await send('POST', `/api/refund/del/${encodeURIComponent(btn.dataset.id ?? '')}`);
  if (btn.dataset.done) {
    flashToast(REFUND_TEXT.deleted);
    location.assign(btn.dataset.done);
  } else {
    toast(REFUND_TEXT.deleted);
    btn.closest('[data-refund-card]')?.remove();
  }
}
