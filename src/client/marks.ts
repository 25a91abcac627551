// A signed-in shopper served a page shared with visitors (the server put their header in: `shared` in the page
// state) gets their own marks on it from one small request: which favourite and follow buttons are on, and which
// coupons they already claimed, the balance of a presale they booked with a deposit, and the sold-out SKUs they asked
// to hear about.
import { showClaimed, showRelation } from './actions.ts';
import { presellBalanceUrl } from '../shared/routes.ts';

interface Marks {
  relation: string[];
  coupon: Record<string, { issue: boolean; can_claim: boolean }>;
  presell?: Record<string, { order_id: number; activeStatus: 0 | 1 }>;
  arrival?: string[];
}

const pairOf = (btn: HTMLButtonElement) => `${btn.dataset.type}_${btn.dataset.id}`;

export async function fillMarks(): Promise<void> {
  const relations = [...document.querySelectorAll<HTMLButtonElement>('button[data-action="relation"][data-type][data-id]')];
  const claims = [...document.querySelectorAll<HTMLButtonElement>('[data-coupon] button[data-action="claim-coupon"][data-id]')];
  const bookings = [...document.querySelectorAll<HTMLElement>('[data-presell-mine]')];
  // A buy box with a sold-out SKU: which of its SKUs the shopper already asked to hear about.
  const box = document.querySelector<HTMLElement>('[data-buy-box][data-arrival]');
  const arrival = box?.dataset.arrival;
  if (!relations.length && !claims.length && !bookings.length && !arrival) return;
  const query = new URLSearchParams();
  const unique = (list: string[]) => [...new Set(list)].slice(0, 50).join(',');
  if (relations.length) query.set('relation', unique(relations.map(pairOf)));
  if (claims.length) query.set('coupon', unique(claims.map((b) => b.dataset.id ?? '')));
  if (bookings.length) query.set('presell', unique(bookings.map((el) => el.dataset.presellMine ?? '')));
  if (arrival) query.set('arrival', arrival);
  let marks: Marks;
  try {
    const res = await fetch(`/api/user/marks?${query}`, { headers: { Accept: 'application/json', 'Form-type': 'pc' } });
    const body = (await res.json()) as { status?: number; data?: Marks };
    if (body.status !== 200 || !body.data) return;
    marks = body.data;
  } catch {
    return; // the page keeps its visitor marks; an action still asks the server
  }
  // A button the shopper has pressed meanwhile shows what that did: these marks were read before it.
  const untouched = (btn: HTMLButtonElement) => !btn.dataset.busy && !btn.dataset.acted;
  if (box && marks.arrival?.length) {
    // The buy box reads these when it wakes, or hears of them if awake; until it wakes, its server-rendered button
    // says so itself (and the box's first render agrees).
    box.dataset.arrivalWaiting = marks.arrival.join(',');
    const btn = box.querySelector<HTMLButtonElement>('button[data-arrival-unique]');
    if (!box.dataset.live && btn && marks.arrival.includes(btn.dataset.arrivalUnique ?? '')) {
      btn.textContent = btn.dataset.arrivalDone ?? btn.textContent;
      btn.disabled = true;
    }
    box.dispatchEvent(new Event('arrival-marks')); // ARRIVAL_MARKS of the buy box (not imported: it would bring React)
  }
  const on = new Set(marks.relation);
  for (const btn of relations) if (untouched(btn)) showRelation(btn, on.has(pairOf(btn)));
  for (const btn of claims) {
    const c = marks.coupon[btn.dataset.id ?? ''];
    if (c?.issue && untouched(btn)) showClaimed(btn, c.can_claim);
  }
  for (const el of bookings) {
    const due = marks.presell?.[el.dataset.presellMine ?? ''];
    if (!due) continue;
    for (const part of el.querySelectorAll<HTMLElement>('[data-when]')) part.hidden = part.dataset.when !== String(due.activeStatus);
    el.querySelector<HTMLAnchorElement>('[data-pay]')?.setAttribute('href', presellBalanceUrl(due.order_id));
    el.hidden = false;
  }
}
