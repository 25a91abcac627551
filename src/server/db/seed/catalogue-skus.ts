/** Spec dimensions and SKUs of a generated product: 0-2 dimensions, some SKUs and a few products sold out. */
import { skuKey } from '../../../shared/sku.ts';
import type { LeafInfo } from './catalogue-data.ts';
import { hash32, type Rng } from './catalogue-random.ts';

export interface SkuRow {
  unique: string;
  productId: number;
  sku: string;
  price: number;
  otPrice: number;
  stock: number;
  image: string;
  sales: number;
  downPrice: number;
  barCode: string;
}

/** Globally unique, stable SKU handle: a hash (looks random) plus the product id and index (unique). */
export function skuUnique(productId: number, index: number): string {
  // The foundation's demo cart already points at these two (src/server/db/seed/users.ts).
  if (productId <= 2 && index === 0) return `demo-sku-${productId}`;
  return `${hash32(productId, index).toString(16).padStart(8, '0')}${productId.toString(16)}${index.toString(16).padStart(2, '0')}`;
}

/** A shop price that ends in 9 (or .90 below ¥100). */
function shopPrice(r: Rng, [min, max]: [number, number]): number {
  const yuan = Math.floor(r.int(min, max) / 10) * 10 + 9;
  return yuan < 100 && r.chance(0.4) ? yuan * 100 - 10 : yuan * 100;
}

function cartesian(dims: string[][]): string[][] {
  return dims.reduce<string[][]>((acc, values) => acc.flatMap((combo) => values.map((v) => [...combo, v])), [[]]);
}

/**
 * `protect` keeps the first SKU in stock (products 1 and 2 back the foundation's demo cart).
 * About 3% of products are sold out entirely; otherwise each SKU is out of stock with 12% chance.
 */
export function buildSkus(r: Rng, productId: number, leaf: LeafInfo, image: string, protect: boolean) {
  const dims = leaf.attrs.map((a) => {
    const n = a.values.length <= 2 ? a.values.length : r.int(2, a.values.length);
    const idx = r.sample(
      a.values.map((_, i) => i),
      n,
    );
    return { name: a.name, values: idx.map((i) => a.values[i]!), add: idx.map((i) => (a.add?.[i] ?? 0) * 100) };
  });
  const attrs = dims.map((d, sort) => ({ productId, sort, attrName: d.name, attrValues: d.values }));
  const base = shopPrice(r, leaf.price);
  const markup = 1.15 + r.next() * 0.45;
  const soldOut = !protect && r.chance(0.03);
  const combos = cartesian(dims.map((d) => d.values.map((_, i) => String(i))));
  const skus: SkuRow[] = combos.map((combo, index) => {
    const price = base + combo.reduce((s, i, d) => s + dims[d]!.add[Number(i)]!, 0);
    const inStock = !soldOut && ((protect && index === 0) || !r.chance(0.12));
    return {
      unique: skuUnique(productId, index),
      productId,
      sku: skuKey(combo.map((i, d) => dims[d]!.values[Number(i)]!)),
      price,
      otPrice: Math.round((price * markup) / 100) * 100,
      stock: inStock ? r.int(protect && index === 0 ? 50 : 3, 500) : 0,
      image,
      sales: Math.floor(r.next() ** 3 * 3000),
      downPrice: 0,
      barCode: `69${String(hash32(productId, index, 7))
        .padStart(11, '0')
        .slice(0, 11)}`,
    };
  });
  return { attrs, skus };
}

/**
 * SKUs of an activity copy (seckill / presell) of a product: same specs, activity price (`factor` of the
 * shop price), small stock, and for deposit presales a 20% deposit.
 */
export function activitySkus(r: Rng, productId: number, source: SkuRow[], factor: number, deposit: boolean): SkuRow[] {
  return source.map((s, index) => {
    const price = Math.max(100, Math.round((s.price * factor) / 100) * 100 - 10);
    return {
      ...s,
      unique: skuUnique(productId, index),
      productId,
      price,
      otPrice: s.price,
      stock: r.chance(0.15) ? 0 : r.int(5, 80),
      sales: r.int(0, 200),
      downPrice: deposit ? Math.round(price * 0.2) : 0,
    };
  });
}
