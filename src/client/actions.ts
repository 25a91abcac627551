// Small shopper actions that server-rendered pages mark up with `data-action` (no React needed):
//   <button data-action="claim-coupon" data-id="12">领取</button>
//   <button data-action="relation" data-type="10" data-id="3" aria-pressed="false"
//           data-on="已关注" data-off="关注店铺">关注店铺</button>
//   <button data-action="cancel-order" data-id="5" data-confirm="确定取消这个订单吗？" data-done="/user/order_list?type=1">取消订单</button>
//   <button data-action="take-order" data-id="7" data-confirm="…">确认收货</button>
//   <button data-action="delete-order" data-id="7" data-confirm="…" data-done="/user/order_list?type=1">删除订单</button>
//   <button data-action="buy-again" data-items='{"data":[{"product_id":1,"product_attr_unique":"…","cart_num":1}]}'>再次购买</button>
// A coupon the shopper may take again keeps its button ("再领一张"). Visitors get the login dialog first; a refused request shows the server's Chinese message.
import { $loggedIn } from '../stores/session.ts';
import { askLogin } from './login.ts';
import { ApiError, send } from './api.ts';
import { toast } from './toast.ts';
import { LOGIN_REQUIRED } from '../shared/messages.ts';
import { cancelRefund, deleteRefund } from './refund.ts';

async function claimCoupon(btn: HTMLButtonElement): Promise<void> {
  const { data, message } = await send<{ can_claim_more?: boolean }>(
    'POST',
    `/api/coupon/receive/${encodeURIComponent(btn.dataset.id ?? '')}`,
  );
  toast(message && message !== 'success' ? message : '领取成功');
  showClaimed(btn, !!data?.can_claim_more);
}

/** A claimed coupon's button: 再领一张 while the shopper may claim it again, else 已领取 (disabled). */
export function showClaimed(btn: HTMLButtonElement, canClaimMore: boolean): void {
  if (canClaimMore) {
    btn.textContent = btn.dataset.again ?? '再领一张';
  } else {
    btn.textContent = btn.dataset.done ?? '已领取';
    btn.disabled = true;
  }
  btn.closest('[data-coupon]')?.setAttribute('data-claimed', '');
}

/** A favourite or follow button in state `on` (its `data-on` / `data-off` label). */
export function showRelation(btn: HTMLButtonElement, on: boolean): void {
  btn.setAttribute('aria-pressed', String(on));
  const label = on ? btn.dataset.on : btn.dataset.off;
  if (label) btn.textContent = label;
}

async function toggleRelation(btn: HTMLButtonElement): Promise<void> {
  const on = btn.getAttribute('aria-pressed') === 'true';
  await send('POST', `/api/user/relation/${on ? 'delete' : 'create'}`, {
    body: { type: Number(btn.dataset.type), type_id: Number(btn.dataset.id) },
  });
  showRelation(btn, !on);
  const counter = btn.dataset.counter ? document.querySelector<HTMLElement>(btn.dataset.counter) : null;
  if (counter) counter.textContent = String(Math.max(0, (Number(counter.textContent) || 0) + (on ? -1 : 1)));
  toast(on ? '已取消' : btn.dataset.type === '10' ? '关注成功' : '收藏成功');
}

/** Cancels an unpaid order after the shopper confirms, then shows its new state. */
async function cancelOrder(btn: HTMLButtonElement): Promise<void> {
  if (btn.dataset.confirm && !window.confirm(btn.dataset.confirm)) return;
  await send('POST', `/api/order/cancel/${encodeURIComponent(btn.dataset.id ?? '')}`);
  toast('订单已取消');
  if (btn.dataset.done) location.assign(btn.dataset.done);
  else location.reload();
}

/** Confirms receipt of a shipped order, then shows its new state. */
async function takeOrder(btn: HTMLButtonElement): Promise<void> {
  if (btn.dataset.confirm && !window.confirm(btn.dataset.confirm)) return;
  await send('POST', `/api/order/take/${encodeURIComponent(btn.dataset.id ?? '')}`);
  toast('已确认收货');
  location.reload();
}

/** Deletes a finished order, then goes to `data-done` (the order list from its detail page) or shows the list again. */
async function deleteOrder(btn: HTMLButtonElement): Promise<void> {
  if (btn.dataset.confirm && !window.confirm(btn.dataset.confirm)) return;
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

const handlers: Record<string, (btn: HTMLButtonElement) => Promise<void>> = {
  'claim-coupon': claimCoupon,
  relation: toggleRelation,
  'cancel-order': cancelOrder,
  'take-order': takeOrder,
  'delete-order': deleteOrder,
  'buy-again': buyAgain,
  'cancel-refund': cancelRefund,
  'delete-refund': deleteRefund,
};

export function wireActions(): void {
  document.addEventListener('click', (e) => {
    const btn = (e.target as Element).closest?.<HTMLButtonElement>('button[data-action]');
    const run = btn && handlers[btn.dataset.action ?? ''];
    if (!btn || !run || btn.disabled || btn.dataset.busy) return;
    e.preventDefault();
    if (!$loggedIn.get()) return askLogin();
    btn.dataset.busy = '1';
    // What the shopper did is newer than the marks the page asked for when it loaded (client/marks.ts).
    btn.dataset.acted = '1';
    run(btn)
      .catch((err) => {
        if (err instanceof ApiError && err.message !== LOGIN_REQUIRED) toast(err.message);
      })
      .finally(() => delete btn.dataset.busy);
  });
}
