// The buttons of /sandbox_pay (no React: a phone loads only this and the shell's script). The payer's answer goes
// to the sandbox gateway; the result replaces the buttons.
import { ApiError } from '../../client/api.ts';
import { answerSandbox } from '../../client/payment.ts';

const DONE = { confirm: '支付成功，请返回电脑查看', decline: '已取消支付' } as const;

export function wireSandboxPay(root: Document): void {
  const box = root.querySelector<HTMLElement>('[data-sandbox-ticket]');
  const actions = root.querySelector<HTMLElement>('[data-sandbox-actions]');
  const result = root.querySelector<HTMLElement>('[data-sandbox-result]');
  if (!box || !actions || !result) return;
  actions.addEventListener('click', async (e) => {
    const btn = (e.target as Element).closest<HTMLButtonElement>('button[data-sandbox-answer]');
    if (!btn) return;
    const action = btn.dataset.sandboxAnswer === 'confirm' ? 'confirm' : 'decline';
    const buttons = [...actions.querySelectorAll('button')];
    for (const b of buttons) b.disabled = true;
    try {
      await answerSandbox(box.dataset.sandboxTicket ?? '', action);
      actions.remove();
      result.textContent = DONE[action];
      result.dataset.done = action;
    } catch (err) {
      result.textContent = err instanceof ApiError ? err.message : '网络连接失败，请稍后重试';
      // An expired or invalid code cannot be answered again; a dropped connection can.
      if (err instanceof ApiError && err.status !== 500) actions.remove();
      else for (const b of buttons) b.disabled = false;
    }
  });
}
