// Ticks the server-rendered countdowns (`<time data-countdown="<unix end>">`) once a second. At zero the
// element gets `data-ended`, and pages may reload to show the next session's state.
const pad = (n: number) => String(n).padStart(2, '0');

export function startCountdowns(root: ParentNode = document): void {
  const els = [...root.querySelectorAll<HTMLElement>('[data-countdown]')];
  if (!els.length) return;
  const tick = () => {
    const now = Date.now() / 1000;
    for (const el of els) {
      const left = Math.max(0, Math.floor(Number(el.dataset.countdown) - now));
      el.textContent = `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
      if (!left) el.dataset.ended = '';
    }
  };
  tick();
  setInterval(tick, 1000);
}
