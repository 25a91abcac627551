import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defaultSelection, disabledValues, resolveSku, clampQuantity, quantityBounds, type SkuAttr } from '../../shared/sku.ts';
import { $loggedIn } from '../../stores/session.ts';
import { ApiError, post } from '../../client/api.ts';
import { addToCart as addCartLine, createCartLine } from '../../client/cart.ts';
import { askLogin } from '../../client/login.ts';
import { toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { detailText as t } from './text.ts';

/** One SKU as the buy box shows it (prices pre-formatted in the shopper's currency by the server). */
export interface BuySku {
  stock: number;
  unique: string;
  image: string;
  price: string;
  ot: string;
  /** The charged CNY price when the shown currency differs, else ''. */
  charged: string;
  /** Presale deposit, else ''. */
  down: string;
}

export interface BuyBoxProps {
  /** The id the cart takes: the product id, or the presell id for presales. */
  productId: number;
  /** The real product id (arrival notices). */
  skuProductId: number;
  productType: 0 | 1 | 2;
  attr: SkuAttr[];
  skus: Record<string, BuySku>;
  onceMin: number;
  onceMax: number;
  unit: string;
  priceLabel: string;
  /** Why buying is closed (activity not started / ended); the button shows it, disabled. */
  blocked?: string;
  /** Presale with deposit: the button reads "定金 ¥x 起" for the selected SKU. */
  deposit?: boolean;
}

/** The event client/marks.ts fires on the buy box once it has put the shopper's awaited SKUs on it. */
export const ARRIVAL_MARKS = 'arrival-marks';
const arrivalsWaiting = (el: Element | null): ReadonlySet<string> =>
  new Set((el?.getAttribute('data-arrival-waiting') ?? '').split(',').filter(Boolean));

const fail = (err: unknown) => {
  if (err instanceof ApiError && err.message !== LOGIN_REQUIRED) toast(err.message);
};

/**
 * The island: the buy box's props as one JSON text. Astro serializes an island's props value by value (a `[type, value]`
 * pair for each, recursively, then the whole as JSON): for a product's SKU map that was about 0.15 ms of main-thread
 * CPU and 17 KB of garbage at every product page render; one string is one `JSON.stringify`.
 */
export default function BuyBoxIsland({ props }: { props: string }) {
  return <BuyBox {...(JSON.parse(props) as BuyBoxProps)} />;
}

/** Price, spec picker, quantity and buy buttons of a product page (reference section 4d). */
export function BuyBox(p: BuyBoxProps) {
  const [selected, setSelected] = useState(() => defaultSelection(p.attr, p.skus));
  const sku = resolveSku(p.attr, p.skus, selected);
  const rule = { stock: sku?.stock ?? 0, once_min_count: p.onceMin, once_max_count: p.onceMax };
  const bounds = quantityBounds(rule);
  const [wanted, setWanted] = useState(bounds.min);
  const qty = clampQuantity(wanted, rule);
  const [busy, setBusy] = useState(false);
  const [notifiedNow, setNotified] = useState(false);
  // Asked for on this page, or before: the shopper's marks (client/marks.ts) put the SKUs they wait for on the box's
  // root, before it wakes (the server HTML then already says so, and the first render agrees) or after (an event).
  const root = useRef<HTMLDivElement>(null);
  const [waiting, setWaiting] = useState(() =>
    arrivalsWaiting(typeof document === 'undefined' ? null : document.querySelector('[data-buy-box]')),
  );
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const read = () => setWaiting(arrivalsWaiting(el));
    read();
    el.dataset.live = '1';
    el.addEventListener(ARRIVAL_MARKS, read);
    return () => el.removeEventListener(ARRIVAL_MARKS, read);
  }, []);
  const notified = notifiedNow || (!!sku && waiting.has(sku.unique));
  const input = useRef<HTMLInputElement>(null);
  // Typing lands in the server HTML while the island hydrates (focus starts it): keep what was typed.
  useEffect(() => {
    const typed = Number(input.current?.value);
    if (Number.isFinite(typed) && typed !== qty) setWanted(typed);
  }, []);
  const disabled = disabledValues(p.attr, p.skus, selected);
  const shown = sku ?? Object.values(p.skus)[0];

  const pick = (dim: number, value: string) => {
    const next = [...selected];
    next[dim] = value;
    setSelected(next);
    setNotified(false);
  };

  // The buttons are aria-disabled while busy, not disabled: a disabled button drops the keyboard focus to the page.
  const run = async (job: () => Promise<void>) => {
    if (!$loggedIn.get()) return askLogin();
    if (busy) return;
    setBusy(true);
    try {
      await job();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const line = () => ({
    // The field's own value: a click replayed right after hydration may run before the typed value is in state.
    product_id: p.productId,
    cart_num: clampQuantity(Number(input.current?.value ?? qty), rule),
    product_attr_unique: sku!.unique,
    product_type: p.productType,
  });
  const addToCart = () =>
    run(async () => {
      await addCartLine(line());
      toast(t.addedToCart);
    });
  const buyNow = () =>
    run(async () => {
      const { cart_id } = await createCartLine(line(), true);
      location.assign(`/order_confirm?new=1&cartId=${cart_id}`);
    });
  const arrival = () =>
    run(async () => {
      await post('/api/store/product/increase_take', { unique: sku!.unique, type: 1, product_id: p.skuProductId });
      setNotified(true);
      toast(t.arrivalToast);
    });

  let buttons: ReactNode;
  if (p.blocked)
    buttons = (
      <button type="button" className="btn buy__btn" disabled>
        {p.blocked}
      </button>
    );
  else if (!sku)
    buttons = (
      <button type="button" className="btn buy__btn" disabled>
        {t.noSku}
      </button>
    );
  else if (!bounds.canBuy) {
    buttons = (
      <>
        <button type="button" className="btn buy__btn" disabled>
          {t.soldOut}
        </button>
        {p.productType === 0 && (
          <button
            type="button"
            className="btn btn--ghost buy__btn"
            onClick={arrival}
            disabled={busy || notified}
            data-arrival-unique={sku.unique}
            data-arrival-done={t.arrivalDone}
          >
            {notified ? t.arrivalDone : t.arrival}
          </button>
        )}
      </>
    );
  } else if (p.productType === 0) {
    buttons = (
      <>
        <button type="button" className="btn buy__btn buy__btn--cart" onClick={addToCart} aria-disabled={busy || undefined}>
          {t.addCart}
        </button>
        <button type="button" className="btn btn--primary buy__btn" onClick={buyNow} aria-disabled={busy || undefined}>
          {t.buyNow}
        </button>
      </>
    );
  } else {
    const label = p.productType === 2 ? (p.deposit && sku.down ? t.payDeposit(sku.down) : t.payNow) : t.buyNow;
    buttons = (
      <button type="button" className="btn btn--primary buy__btn" onClick={buyNow} disabled={busy}>
        {label}
      </button>
    );
  }

  return (
    <div
      ref={root}
      className="buy"
      data-buy-box
      data-arrival={p.productType === 0 && Object.values(p.skus).some((s) => s.stock <= 0) ? p.skuProductId : undefined}
    >
      <div className="buy__price">
        <span className="buy__label">{p.priceLabel}</span>
        <strong className="buy__now" data-sku-price>
          {shown?.price}
        </strong>
        {shown?.ot && (
          <del className="buy__ot">
            <span className="sr-only">{t.original} </span>
            {shown.ot}
          </del>
        )}
        {shown?.charged && (
          <span className="buy__charged">
            （{t.charged} {shown.charged}）
          </span>
        )}
        {p.deposit && shown?.down && (
          <span className="buy__down">
            {t.deposit} {shown.down}
          </span>
        )}
      </div>
      {p.attr.map((a, i) => (
        <div className="buy__row" role="group" aria-labelledby={`attr-${i}`} key={a.attr_name}>
          <span className="buy__key" id={`attr-${i}`}>
            {a.attr_name}
          </span>
          <div className="buy__values">
            {a.attr_values.map((v) => (
              <button
                type="button"
                key={v}
                className="buy__value"
                aria-pressed={selected[i] === v}
                disabled={disabled[i]!.includes(v) && selected[i] !== v}
                onClick={() => pick(i, v)}
              >
                {v}
              </button>
            ))}
          </div>
        </div>
      ))}
      {sku && p.attr.length > 0 && (
        <div className="buy__row buy__chosen">
          <span className="buy__key">{t.selected}</span>
          <img src={sku.image} alt="" width={40} height={40} />
          <span data-sku-chosen>{selected.join('，')}</span>
        </div>
      )}
      <div className="buy__row">
        <label className="buy__key" htmlFor="buy-qty">
          {t.quantity}
        </label>
        <div className="qty">
          <button
            type="button"
            className="qty__step"
            aria-label={t.decrease}
            disabled={!bounds.canBuy || qty <= bounds.min}
            onClick={() => setWanted(qty - 1)}
          >
            −
          </button>
          <input
            ref={input}
            id="buy-qty"
            className="qty__input"
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max || undefined}
            value={qty}
            disabled={!bounds.canBuy}
            onChange={(e) => setWanted(Number(e.target.value))}
          />
          <button
            type="button"
            className="qty__step"
            aria-label={t.increase}
            disabled={!bounds.canBuy || qty >= bounds.max}
            onClick={() => setWanted(qty + 1)}
          >
            +
          </button>
        </div>
        <span className="buy__stock" data-sku-stock>
          {t.stock(sku?.stock ?? 0, p.unit)}
          {p.onceMin > 1 && <span>，{t.minCount(p.onceMin)}</span>}
          {p.onceMax > 0 && <span>，{t.maxCount(p.onceMax)}</span>}
        </span>
      </div>
      <div className="buy__actions">{buttons}</div>
    </div>
  );
}
