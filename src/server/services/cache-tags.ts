import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tags name what a page (or a cached read) shows and what a write changes, so a write drops only what shows
 * the changed thing:
 * - `kind:id` is one thing: `product:12`, `merchant:3` (a shop), `coupon:7`;
 * - the bare `kind` is "any of them": a list, whose members and order may change when any one changes, or a
 *   write that changes many (a category moved, a shop closed hides its products: `merchant:3` + `product`);
 * - `*` is everything (a seed or an operator's bulk change);
 * - `stock:12` is product 12's stock and sales, changed by orders, cancellations and refunds: it drops what shows that
 *   product's own stock (its detail pages, where a shopper buys), not the lists it is in, which show sales counts,
 *   sales order and sold-out marks at most their TTL old (the read caches' 60 s, the page cache's). Otherwise every
 *   order in a busy mall would drop every list and every page showing one.
 * A change matches a shown tag when they are equal, when one is the bare kind of the other, or either is `*`.
 */
export const ALL = '*';
export type Kind =
  | 'product'
  | 'stock'
  | 'merchant'
  | 'coupon'
  | 'category'
  | 'site'
  | 'promotion'
  | 'rates'
  | 'locale'
  | 'price-rule'
  | 'shopper'
  // The operator's activity frames on product cards (`border_pic`): shown by every card list.
  | 'frame'
  // A shop's shipping template (the product page's 运费 line).
  | 'shipping';
export type Tag = Kind | `${Kind}:${string}` | typeof ALL;

/** The tag of one thing: `tag('product', 12)` is `product:12`. */
export const tag = (kind: Kind, id: number | string): Tag => `${kind}:${id}`;

/** Which products and shops have a claimable coupon (the "券" marker of product cards). */
export const COUPON_FLAGS: Tag = 'coupon:flags';

/**
 * A shop's list of claimable coupons as its pages show it (`listMerchantCoupons`): its shop coupons (the product page),
 * or with `all` its product coupons too (the shop's coupon page). Each coupon listed also shows `coupon:<id>`; these
 * name the list itself, so a coupon added to it (a new one, one switched on) drops the pages showing the list.
 */
export const shopCouponsTag = (merId: number, all = false): Tag => tag('coupon', all ? `shop-${merId}-all` : `shop-${merId}`);

/** A product's list of claimable product coupons (its page, `listProductCoupons`), as `shopCouponsTag` for a shop. */
export const productCouponsTag = (productId: number): Tag => tag('coupon', `product-${productId}`);

const kindOf = (t: string): string => {
  const i = t.indexOf(':');
  return i < 0 ? t : t.slice(0, i);
};

/** Whether a change naming `changed` affects something showing `shown`. */
export function tagsMatch(shown: Iterable<string>, changed: Iterable<string>): boolean {
  const index = new TagIndex();
  index.add('x', shown);
  return index.matching(changed).size > 0;
}

function addTo(map: Map<string, Set<string>>, name: string, key: string): void {
  let keys = map.get(name);
  if (!keys) {
    keys = new Set();
    map.set(name, keys);
  }
  keys.add(key);
}

function removeFrom(map: Map<string, Set<string>>, name: string, key: string): void {
  const keys = map.get(name);
  keys?.delete(key);
  if (keys && !keys.size) map.delete(name);
}

/** Entries (by key) and the tags each shows, indexed so a change finds its entries without a scan. */
export class TagIndex {
  private byTag = new Map<string, Set<string>>();
  /** kind → entries with any tag of that kind (the bare kind or `kind:id`). */
  private byKind = new Map<string, Set<string>>();
  private tagsOf = new Map<string, string[]>();

  add(key: string, tags: Iterable<string>): void {
    this.delete(key);
    const list = [...new Set(tags)];
    this.tagsOf.set(key, list);
    for (const t of list) {
      addTo(this.byTag, t, key);
      addTo(this.byKind, kindOf(t), key);
    }
  }

  delete(key: string): void {
    const list = this.tagsOf.get(key);
    if (!list) return;
    this.tagsOf.delete(key);
    for (const t of list) {
      removeFrom(this.byTag, t, key);
      removeFrom(this.byKind, kindOf(t), key);
    }
  }

  /** The entries showing anything that `changed` names. */
  matching(changed: Iterable<string>): Set<string> {
    const out = new Set<string>();
    const take = (keys: Set<string> | undefined) => {
      for (const k of keys ?? []) out.add(k);
    };
    let any = false;
    for (const c of changed) {
      if (c === ALL) return new Set(this.tagsOf.keys());
      any = true;
      const kind = kindOf(c);
      if (c === kind) take(this.byKind.get(kind));
      else {
        take(this.byTag.get(c));
        take(this.byTag.get(kind));
      }
    }
    if (any) take(this.byTag.get(ALL));
    return out;
  }
}

const shownNow = new AsyncLocalStorage<Set<string>>();

/** Runs `fn` collecting into `into` the tags of everything it reads for display (see `shows`). */
export function collectShown<T>(into: Set<string>, fn: () => T): T {
  return shownNow.run(into, fn);
}

/**
 * Notes that what is being rendered shows these things: read verbs call it, the page cache keeps the tags
 * with the page, and a write naming one of them drops the page. Outside a collection it does nothing.
 */
export function shows(...tags: Tag[]): void {
  const into = shownNow.getStore();
  if (into) for (const t of tags) into.add(t);
}
