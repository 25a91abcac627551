import { useEffect, useRef, useState } from 'react';
import { clampQuantity } from '../../shared/sku.ts';
import { writeCartChecked } from '../../shared/cart-checked.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { ApiError } from '../../client/api.ts';
import { changeCartLine, deleteCartLines, moveToFavourites, refreshCartCount } from '../../client/cart.ts';
import { saveCartChecked } from '../../client/cookies.ts';
import { toast } from '../../client/toast.ts';
import { askConfirm } from '../../client/confirm.ts';
import {
  cartTotals,
  chargedMoney,
  checkoutHref,
  lineBounds,
  showMoney,
  skuLabel,
  type FailView,
  type GroupView,
  type LineView,
  type MoneyView,
} from './cart-view.ts';
import { cartText as t } from './text.ts';

export interface CartViewProps {
  groups: GroupView[];
  fail: FailView[];
  /** Selected line ids (from the `cart_checked` cookie, all by default). */
  checked: number[];
  money: MoneyView;
}

/** How long the stepper waits for more clicks before it saves the quantity. */
const SAVE_DELAY_MS = 500;

const report = (err: unknown) => {
  if (err instanceof ApiError && err.message !== LOGIN_REQUIRED) toast(err.message);
};

/** A checkbox whose third state ("some selected") is a DOM property, not an attribute. */
function Check(p: { id?: string; checked: boolean; mixed?: boolean; label: string; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!p.mixed;
  }, [p.mixed]);
  return (
    <input
      ref={ref}
      id={p.id}
      type="checkbox"
      className="cart-check"
      checked={p.checked}
      aria-label={p.label}
      onChange={(e) => p.onChange(e.target.checked)}
    />
  );
}

/**
 * The shopper's cart (reference `/shopping_cart`): lines by shop with selection, stepper, delete and move to
 * favourites, the invalid lines apart, and the summary bar with checkout. The server renders it in full; the
 * stepper saves after a pause and rolls back with the server's message when refused.
 */
export default function CartView(p: CartViewProps) {
  const [groups, setGroups] = useState(p.groups);
  const [fail, setFail] = useState(p.fail);
  const [qty, setQty] = useState<Record<number, number>>(() =>
    Object.fromEntries(p.groups.flatMap((g) => g.lines.map((l) => [l.cart_id, l.cart_num]))),
  );
  const [checked, setChecked] = useState(() => new Set(p.checked));
  const [busy, setBusy] = useState(false);
  const saved = useRef(new Map<number, number>(Object.entries(qty).map(([id, n]) => [Number(id), n])));
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const runs = useRef(new Map<number, Promise<boolean>>());
  const seq = useRef(new Map<number, number>());
  const touched = useRef(false);

  const lines = groups.flatMap((g) => g.lines);
  const ids = lines.map((l) => l.cart_id);
  const selected = ids.filter((id) => checked.has(id));
  const totals = cartTotals(lines, qty, checked);

  // The cookie follows the selection once the shopper changes it (or deletes lines).
  useEffect(() => {
    if (touched.current) saveCartChecked(writeCartChecked(selected, ids));
  });

  const select = (which: number[], on: boolean) => {
    touched.current = true;
    setChecked((prev) => {
      const next = new Set(prev);
      for (const id of which) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };

  /** Saves a line's quantity → whether the server took it; a refusal rolls the stepper back with its message. */
  const save = (line: LineView, n: number, keepalive = false): Promise<boolean> => {
    const id = line.cart_id;
    timers.current.delete(id);
    const mine = (seq.current.get(id) ?? 0) + 1;
    seq.current.set(id, mine);
    // Only the newest request of a line, with no click waiting, may set what the stepper shows.
    const latest = () => seq.current.get(id) === mine && !timers.current.has(id);
    const run = changeCartLine(id, n, keepalive)
      .then(() => {
        saved.current.set(id, n);
        void refreshCartCount().catch(() => {});
        return true;
      })
      .catch((err) => {
        if (latest()) setQty((q) => ({ ...q, [id]: saved.current.get(id) ?? line.cart_num }));
        report(err);
        return false;
      });
    // In flight until answered: checkout waits for these.
    runs.current.set(id, run);
    void run.then(() => runs.current.get(id) === run && runs.current.delete(id));
    return run;
  };

  const setQuantity = (line: LineView, wanted: number) => {
    const n = clampQuantity(wanted, line.rule);
    if (!n) return;
    // More than may be bought (typed, or the stock fell meanwhile): say why the number changed.
    if (wanted > n) toast(n === line.rule.stock ? t.stockLeft(n) : t.maxCount(n));
    setQty((q) => ({ ...q, [line.cart_id]: n }));
    clearTimeout(timers.current.get(line.cart_id));
    if (n === saved.current.get(line.cart_id)) return void timers.current.delete(line.cart_id);
    timers.current.set(
      line.cart_id,
      setTimeout(() => void save(line, n), SAVE_DELAY_MS),
    );
  };

  /** Saves the quantities still waiting for their pause → whether every save still in flight was taken. */
  const flush = async (keepalive = false) => {
    for (const [id, timer] of timers.current) {
      clearTimeout(timer);
      const line = lines.find((l) => l.cart_id === id);
      if (line) void save(line, qty[id] ?? line.cart_num, keepalive);
    }
    return (await Promise.all(runs.current.values())).every(Boolean);
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;
  // Leaving right after a click: the waiting saves still go out.
  useEffect(() => {
    const leave = () => void flushRef.current(true);
    addEventListener('pagehide', leave);
    return () => removeEventListener('pagehide', leave);
  }, []);

  const drop = (gone: number[]) => {
    const out = new Set(gone);
    for (const id of gone) {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      runs.current.delete(id);
    }
    const nextGroups = groups.map((g) => ({ ...g, lines: g.lines.filter((l) => !out.has(l.cart_id)) })).filter((g) => g.lines.length);
    const nextFail = fail.filter((l) => !out.has(l.cart_id));
    // An empty cart: the server shows the empty state with its ways out.
    if (!nextGroups.length && !nextFail.length) return location.reload();
    touched.current = true;
    setGroups(nextGroups);
    setFail(nextFail);
    setChecked((prev) => new Set([...prev].filter((id) => !out.has(id))));
  };

  const act = async (job: () => Promise<number[] | undefined>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const gone = await job();
      if (gone?.length) {
        drop(gone);
        toast(done);
        void refreshCartCount().catch(() => {});
      }
    } catch (err) {
      report(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = (which: number[], ask?: string) =>
    act(async () => {
      if (!which.length || (ask && !(await askConfirm(ask)))) return undefined;
      return (await deleteCartLines(which)).cart_id;
    }, t.deleted);
  const favourite = (line: LineView) =>
    act(async () => {
      await moveToFavourites(line);
      return [line.cart_id];
    }, t.favourited);

  const checkout = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (!selected.length) return toast(t.pickFirst);
    if (busy) return;
    setBusy(true);
    // Checkout reads the saved quantities: wait for them, and stay when one was refused (its message shows).
    if (await flush()) return location.assign(checkoutHref(selected));
    setBusy(false);
  };

  const price = (cents: number) => showMoney(p.money, cents);
  const allOn = ids.length > 0 && selected.length === ids.length;

  return (
    <div className="cart" data-cart>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col" className="cart-table__check">
              <label className="cart-all" htmlFor="cart-all-top">
                <Check
                  id="cart-all-top"
                  checked={allOn}
                  mixed={!allOn && selected.length > 0}
                  label={t.selectAll}
                  onChange={(on) => select(ids, on)}
                />
                {t.selectAll}
              </label>
            </th>
            <th scope="col" className="cart-table__product">
              {t.product}
            </th>
            <th scope="col">{t.unitPrice}</th>
            <th scope="col">{t.quantity}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.action}</th>
          </tr>
        </thead>
        {groups.map((g) => {
          const mine = g.lines.map((l) => l.cart_id);
          const on = mine.filter((id) => checked.has(id)).length;
          return (
            <tbody key={g.mer_id} className="cart-group" data-merchant={g.mer_id}>
              <tr className="cart-group__head">
                <td className="cart-table__check">
                  <Check
                    checked={on === mine.length}
                    mixed={on > 0 && on < mine.length}
                    label={t.selectShop(g.mer_name)}
                    onChange={(v) => select(mine, v)}
                  />
                </td>
                <td colSpan={5}>
                  <a className="cart-group__shop" href={g.href}>
                    {g.mer_name}
                  </a>
                  {g.is_trader && <span className="tag tag--self">{t.self}</span>}
                  {g.coupons > 0 && (
                    <button type="button" className="cart-group__coupons" popoverTarget={`cart-coupons-${g.mer_id}`}>
                      {t.claim}
                    </button>
                  )}
                </td>
              </tr>
              {g.lines.map((l) => {
                const n = qty[l.cart_id] ?? l.cart_num;
                const b = lineBounds(l);
                const name = l.href ? <a href={l.href}>{l.name}</a> : l.name;
                return (
                  <tr key={l.cart_id} className="cart-line" data-cart-line={l.cart_id} data-checked={checked.has(l.cart_id) || undefined}>
                    <td className="cart-table__check">
                      <Check checked={checked.has(l.cart_id)} label={t.selectLine(l.name)} onChange={(v) => select([l.cart_id], v)} />
                    </td>
                    <td className="cart-table__product">
                      <div className="cart-item">
                        <img src={l.image} alt="" width={80} height={80} loading="lazy" decoding="async" />
                        <div>
                          <p className="cart-item__name">{name}</p>
                          <p className="cart-item__sku">{skuLabel(l.sku)}</p>
                        </div>
                      </div>
                    </td>
                    <td className="cart-line__price">
                      {l.ot > l.price && (
                        <del className="cart-line__ot">
                          <span className="sr-only">{t.original} </span>
                          {price(l.ot)}
                        </del>
                      )}
                      <span>{price(l.price)}</span>
                      {!p.money.base && (
                        <span className="cart-line__charged">
                          {t.charged} {chargedMoney(l.price)}
                        </span>
                      )}
                    </td>
                    <td>
                      <div className="cart-qty">
                        <button
                          type="button"
                          className="cart-qty__step"
                          aria-label={t.decrease}
                          disabled={n <= b.min}
                          onClick={() => setQuantity(l, n - 1)}
                        >
                          −
                        </button>
                        <input
                          className="cart-qty__input"
                          type="number"
                          inputMode="numeric"
                          aria-label={`${t.quantity} ${l.name}`}
                          min={b.min}
                          max={b.max || undefined}
                          value={n}
                          onChange={(e) => setQuantity(l, Number(e.target.value))}
                        />
                        <button
                          type="button"
                          className="cart-qty__step"
                          aria-label={t.increase}
                          disabled={n >= b.max}
                          onClick={() => setQuantity(l, n + 1)}
                        >
                          +
                        </button>
                      </div>
                      {n > b.max ? (
                        <p className="cart-line__note cart-line__note--warn">{t.stockLeft(b.max)}</p>
                      ) : (
                        (l.rule.once_min_count ?? 0) > 1 && <p className="cart-line__note">{t.minCount(l.rule.once_min_count ?? 0)}</p>
                      )}
                      {(l.rule.once_max_count ?? 0) > 0 && n <= b.max && (
                        <p className="cart-line__note">{t.maxCount(l.rule.once_max_count ?? 0)}</p>
                      )}
                    </td>
                    <td className="cart-line__total">
                      <span data-line-total>{price(l.price * n)}</span>
                      {!p.money.base && (
                        <span className="cart-line__charged">
                          {t.charged} {chargedMoney(l.price * n)}
                        </span>
                      )}
                    </td>
                    <td className="cart-line__actions">
                      <button type="button" className="link-button" disabled={busy} onClick={() => remove([l.cart_id])}>
                        {t.delete}
                      </button>
                      {l.product_type !== 2 && (
                        <button type="button" className="link-button" disabled={busy} onClick={() => favourite(l)}>
                          {t.favourite}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
        {fail.length > 0 && (
          <tbody className="cart-group cart-group--fail" data-cart-fail>
            <tr className="cart-group__head">
              <td className="cart-table__check" />
              <td colSpan={4}>
                <h2 className="cart-group__title">
                  {t.failTitle}（{fail.length}）
                </h2>
              </td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  onClick={() =>
                    remove(
                      fail.map((l) => l.cart_id),
                      t.confirmClear,
                    )
                  }
                >
                  {t.clearFail}
                </button>
              </td>
            </tr>
            {fail.map((l) => (
              <tr key={l.cart_id} className="cart-line cart-line--fail" data-cart-line={l.cart_id}>
                <td className="cart-table__check">
                  <span className="cart-fail-tag">{t.failTag}</span>
                </td>
                <td className="cart-table__product">
                  <div className="cart-item">
                    {l.image ? (
                      <img src={l.image} alt="" width={80} height={80} loading="lazy" decoding="async" />
                    ) : (
                      <span className="cart-item__blank" />
                    )}
                    <div>
                      <p className="cart-item__name">{l.href ? <a href={l.href}>{l.name}</a> : l.name || t.failTitle}</p>
                      <p className="cart-item__sku">{skuLabel(l.sku)}</p>
                    </div>
                  </div>
                </td>
                <td colSpan={3} className="cart-line__reason">
                  {l.reason}
                </td>
                <td className="cart-line__actions">
                  <button type="button" className="link-button" disabled={busy} onClick={() => remove([l.cart_id])}>
                    {t.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        )}
      </table>
      <div className="cart-bar" data-cart-summary>
        <label className="cart-all" htmlFor="cart-all-bottom">
          <Check
            id="cart-all-bottom"
            checked={allOn}
            mixed={!allOn && selected.length > 0}
            label={t.selectAll}
            onChange={(on) => select(ids, on)}
          />
          {t.selectAll}
        </label>
        <button
          type="button"
          className="link-button"
          disabled={busy || !selected.length}
          onClick={() => remove(selected, t.confirmDelete(selected.length))}
        >
          {t.deleteSelected}
        </button>
        <p className="cart-bar__count" aria-live="polite">
          {t.selected(totals.pieces)}
        </p>
        <div className="cart-bar__sum">
          <p>
            {t.total}：
            <strong className="cart-bar__total" data-cart-total>
              {price(totals.total)}
            </strong>
            {!p.money.base && (
              <span className="cart-line__charged">
                {t.charged} {chargedMoney(totals.total)}
              </span>
            )}
          </p>
          {totals.saved > 0 && (
            <p className="cart-bar__saved">
              {t.saved}：<span data-cart-saved>{price(totals.saved)}</span>
            </p>
          )}
        </div>
        <a
          className="btn btn--primary cart-bar__checkout"
          href={checkoutHref(selected)}
          data-empty={selected.length ? undefined : ''}
          onClick={checkout}
        >
          {t.checkout}
        </a>
      </div>
    </div>
  );
}
