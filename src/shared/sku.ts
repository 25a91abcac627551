/**
 * The product-detail SKU model (reference section 4d), shared by the server (DTOs, cart checks) and the
 * browser SKU picker. `attr` lists the spec dimensions in order; `sku` maps the selected values joined with
 * ',' (in `attr` order) to a SKU. A single-spec product has no dimensions and the one key ''.
 */

export interface SkuAttr {
  attr_name: string;
  attr_values: string[];
}

export interface StockedSku {
  stock: number;
}

export type SkuMap<T extends StockedSku> = Record<string, T>;

export const SKU_SEPARATOR = ',';

/** A SKU's spec values as a shopper reads them (黑色，S), or 默认规格 for a single-spec product's one SKU. */
export const skuText = (sku: string): string => (sku ? sku.split(SKU_SEPARATOR).join('，') : '默认规格');

export function skuKey(values: readonly string[]): string {
  return values.join(SKU_SEPARATOR);
}

/** The SKU of a full selection, or null when the combination does not exist (or a value is missing). */
export function resolveSku<T extends StockedSku>(attr: readonly SkuAttr[], skus: SkuMap<T>, selected: readonly string[]): T | null {
  if (selected.length !== attr.length) return null;
  if (selected.some((v, i) => !attr[i]!.attr_values.includes(v))) return null;
  return Object.hasOwn(skus, skuKey(selected)) ? skus[skuKey(selected)]! : null;
}

/**
 * The default selection: the first combination in map order that has stock (the server puts the first
 * available one first), else the first value of each dimension.
 */
export function defaultSelection<T extends StockedSku>(attr: readonly SkuAttr[], skus: SkuMap<T>): string[] {
  for (const key of Object.keys(skus)) {
    const values = attr.length ? key.split(SKU_SEPARATOR) : [];
    if (skus[key]!.stock > 0 && resolveSku(attr, skus, values)) return values;
  }
  return attr.map((a) => a.attr_values[0] ?? '');
}

/**
 * For each dimension, the values that cannot be bought. Without a selection: values where every SKU
 * containing them has no stock. With a selection: values whose combination with the other selected values
 * is missing or out of stock (what the picker greys out).
 */
export function disabledValues<T extends StockedSku>(attr: readonly SkuAttr[], skus: SkuMap<T>, selected?: readonly string[]): string[][] {
  return attr.map((dim, i) =>
    dim.attr_values.filter((value) => {
      if (selected && selected.length === attr.length) {
        const combo = [...selected];
        combo[i] = value;
        return (resolveSku(attr, skus, combo)?.stock ?? 0) <= 0;
      }
      return !Object.keys(skus).some((key) => key.split(SKU_SEPARATOR)[i] === value && skus[key]!.stock > 0);
    }),
  );
}

export interface QuantityRule {
  stock: number;
  /** 0 = no minimum. */
  once_min_count?: number;
  /** 0 = no maximum. */
  once_max_count?: number;
}

/** The allowed quantity range `[max(1, min), min(stock, max)]`; `canBuy` is false when it is empty. */
export function quantityBounds(rule: QuantityRule): { min: number; max: number; canBuy: boolean } {
  const min = Math.max(1, rule.once_min_count ?? 0);
  const cap = rule.once_max_count && rule.once_max_count > 0 ? rule.once_max_count : Number.POSITIVE_INFINITY;
  const max = Math.max(0, Math.min(rule.stock, cap));
  return { min, max, canBuy: max >= min };
}

/** Clamps a wanted quantity into the allowed range; 0 when nothing can be bought. */
export function clampQuantity(wanted: number, rule: QuantityRule): number {
  const { min, max, canBuy } = quantityBounds(rule);
  if (!canBuy) return 0;
  const n = Number.isFinite(wanted) ? Math.trunc(wanted) : min;
  return Math.min(max, Math.max(min, n));
}
