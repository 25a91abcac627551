/**
 * The cart page's selection, kept in the `cart_checked` cookie so it survives a reload: the selected line ids,
 * then `|` and the highest line id the page showed ("12,15|17"). Lines added since (a higher id) start
 * selected, like every line of a cart without the cookie; ids no longer in the cart are dropped.
 */
export function readCartChecked(value: string | undefined | null, ids: readonly number[]): number[] {
  if (value === undefined || value === null) return [...ids];
  const [list = '', seen = ''] = value.split('|');
  const chosen = new Set(list.split(',').map(Number));
  const highest = /^\d{1,10}$/.test(seen) ? Number(seen) : Number.POSITIVE_INFINITY;
  return ids.filter((id) => chosen.has(id) || id > highest);
}

/** The cookie value for `checked` among the page's lines `ids`. */
export function writeCartChecked(checked: Iterable<number>, ids: readonly number[]): string {
  return `${[...checked].join(',')}|${ids.reduce((a, b) => Math.max(a, b), 0)}`;
}
