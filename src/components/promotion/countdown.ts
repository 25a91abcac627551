// Ticks the server-rendered countdowns (`<time data-countdown="<unix end>">`) once a second. At zero the
// element gets `data-ended` and `onEnd` runs (the flash-sale page reloads to show the sessions' new states).
import { countdownText } from '../../shared/countdown-text.ts';

export function startCountdowns(root: ParentNode = document, onEnd?: (el: HTMLElement) => void): void {
  const els = [...root.querySelectorAll<HTMLElement>('[data-countdown]')];
  if (!els.length) return;
  let ran = false;
  const tick = () => {
    const now = Date.now() / 1000;
    for (const el of els) {
      const left = Math.max(0, Math.floor(Number(el.dataset.countdown) - now));
      el.textContent = countdownText(left);
      if (!left && !('ended' in el.dataset)) {
        el.dataset.ended = '';
        // Only a countdown that ran out while the page was open triggers onEnd (not one rendered at zero).
        if (ran) onEnd?.(el);
      }
    }
    ran = true;
  };
  tick();
  setInterval(tick, 1000);
}
