// The home page's only script (well under 1 KB gzip): flash-sale countdown, banner auto-advance and arrows,
// and the category plaza that loads its next page of sections (server-rendered HTML from
// /partials/home-sections) when the "more" link scrolls into view. Without JavaScript the banner dots are
// anchors and the "more" link reloads the page with one more plaza page.
import { startCountdowns } from '../promotion/countdown.ts';

// At zero the strip's session has ended (or begun): its label says so in place of the digits; the page is not reloaded
// under the shopper, and its cached copy expires then, so the next view shows the next session.
startCountdowns(document, (el) => {
  const label = el.previousElementSibling;
  if (label) label.textContent = label.textContent === '距结束' ? '已结束' : '已开抢';
  el.remove();
});

const carousel = document.querySelector<HTMLElement>('[data-carousel]');
const track = carousel?.querySelector<HTMLElement>('[data-carousel-track]');
if (carousel && track && track.children.length > 1) {
  const count = track.children.length;
  const dots = [...carousel.querySelectorAll<HTMLElement>('[data-carousel-dot]')];
  let index = 0;
  const show = (i: number) => {
    index = (i + count) % count;
    track.scrollTo({ left: index * track.clientWidth, behavior: 'smooth' });
    dots.forEach((d, n) => {
      if (n === index) d.setAttribute('aria-current', 'true');
      else d.removeAttribute('aria-current');
    });
  };
  carousel.addEventListener('click', (e) => {
    const t = e.target as Element;
    const step = t.closest<HTMLElement>('[data-carousel-step]');
    const dot = t.closest<HTMLElement>('[data-carousel-dot]');
    if (step) show(index + Number(step.dataset.carouselStep));
    if (dot) {
      e.preventDefault();
      show(Number(dot.dataset.carouselDot));
    }
  });
  track.addEventListener('scrollend', () => show(Math.round(track.scrollLeft / track.clientWidth)));
  for (const b of carousel.querySelectorAll<HTMLElement>('[data-carousel-step]')) b.hidden = false;
  // Auto-advance pauses while the shopper points at or focuses the carousel, and never runs for reduced motion (before,
  // leaving the carousel started it there too).
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let paused = false;
  for (const type of ['pointerenter', 'pointerleave', 'focusin', 'focusout']) {
    carousel.addEventListener(type, () => (paused = type === 'pointerenter' || type === 'focusin'));
  }
  setInterval(() => !still && !paused && !document.hidden && show(index + 1), 5000);
}

const more = document.querySelector<HTMLAnchorElement>('[data-plaza-more]');
if (more) {
  let busy = false;
  let failed = false;
  const load = async () => {
    if (busy) return;
    busy = true;
    const next = Number(more.dataset.next);
    try {
      const res = await fetch(`/partials/home-sections?page=${next}`);
      if (!res.ok) throw new Error(String(res.status));
      more.insertAdjacentHTML('beforebegin', await res.text());
      if (next >= Number(more.dataset.total)) {
        observer.disconnect();
        more.remove();
      } else {
        more.dataset.next = String(next + 1);
        more.href = `/?plaza=${next + 1}#plaza-page-${next + 1}`;
        // Re-observe: if the link is still in view after the insert, the next page loads too.
        observer.unobserve(more);
        observer.observe(more);
      }
    } catch {
      failed = true; // from now on the link is a plain navigation
      observer.disconnect();
    }
    busy = false;
  };
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void load(), { rootMargin: '300px 0px' });
  observer.observe(more);
  more.addEventListener('click', (e) => {
    if (failed) return;
    e.preventDefault();
    void load();
  });
}
