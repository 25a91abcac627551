// Small shopper actions that server-rendered pages mark up with `data-action` (no React needed):
//   <button data-action="claim-coupon" data-id="12">领取</button>
//   <button data-action="relation" data-type="10" data-id="3" aria-pressed="false"
//           data-on="已关注" data-off="关注店铺">关注店铺</button>
// and the order and refund buttons of client/order-actions.ts.
// A coupon the shopper may take again keeps its button ("再领一张"). Visitors get the login dialog first; a refused request shows the server's Chinese message.
import { $loggedIn } from '../stores/session.ts';
import { askLogin } from './login.ts';
import { ApiError, send } from './api.ts';
import { toast } from './toast.ts';
import { LOGIN_REQUIRED } from '../shared/messages.ts';

async function claimCoupon(btn: HTMLButtonElement): Promise<void> {
  const { data, message } = await send<{ can_claim_more?: boolean; remain_count?: number | null }>(
    'POST',
    `/api/coupon/receive/${encodeURIComponent(btn.dataset.id ?? '')}`,
  );
  toast(message && message !== 'success' ? message : '领取成功');
  showClaimed(btn, !!data?.can_claim_more);
  const left = btn.closest('[data-coupon]')?.querySelector('[data-coupon-remain]');
  if (left && data?.remain_count != null) left.textContent = String(data.remain_count);
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

const handlers: Record<string, (btn: HTMLButtonElement) => Promise<void>> = {
  'claim-coupon': claimCoupon,
  relation: toggleRelation,
};
// The order and refund actions of the user centre load with their first click: most pages have none.
for (const name of ['cancel-order', 'take-order', 'delete-order', 'buy-again', 'cancel-refund', 'delete-refund']) {
  handlers[name] = (btn) => import('./order-actions.ts').then((m) => m.orderActions[name]!(btn));
}

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
