import NProgress from 'nprogress';

/** Spec section 9: throttle 200 ms (quick loads show nothing), duration 5000 ms, height 2px (global.css). */
export const PROGRESS_THROTTLE_MS = 200;
// nprogress advances ~25 steps from 0 to 0.8; at 200 ms a step that takes the spec's 5000 ms.
NProgress.configure({ showSpinner: false, trickleSpeed: 5000 / 25, minimum: 0.08 });

let timer: ReturnType<typeof setTimeout> | undefined;
let reasons = 0;

/** Starts the bar after the throttle delay; every start needs a matching done. */
export function startProgress(): void {
  reasons++;
  if (timer || NProgress.isStarted()) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (reasons > 0) NProgress.start();
  }, PROGRESS_THROTTLE_MS);
}

export function doneProgress(all = false): void {
  reasons = all ? 0 : Math.max(0, reasons - 1);
  if (reasons > 0) return;
  clearTimeout(timer);
  timer = undefined;
  if (NProgress.isStarted()) NProgress.done();
}
