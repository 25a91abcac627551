import { toYuan } from '../../../shared/money.ts';
import { skuKey, type SkuAttr } from '../../../shared/sku.ts';
import type { productAttr, productSku } from '../../db/schema/index.ts';
import { svipFields } from './svip.ts';

/** One dimension of the spec selector (reference section 4d). */
export interface AttrDto extends SkuAttr {
  product_id: number;
  attr_value: { attr: string; check: boolean }[];
}

export interface SkuDto {
  sku: string;
  price: string;
  ot_price: string;
  /** The SKU's member price (reference section 4d), shown when the product's `show_svip_info.show_svip_price` is set. */
  svip_price: string;
  stock: number;
  image: string;
  sales: number;
  unique: string;
  bar_code: string;
  weight: string;
  volume: string;
  /** Presell deposit ("0.00" elsewhere). */
  down_price: string;
}

type AttrRow = typeof productAttr.$inferSelect;
type SkuRow = typeof productSku.$inferSelect;

export function attrDtos(rows: AttrRow[]): AttrDto[] {
  return [...rows]
    .sort((a, b) => a.sort - b.sort)
    .map((r) => ({
      product_id: r.productId,
      attr_name: r.attrName,
      attr_values: r.attrValues,
      attr_value: r.attrValues.map((v) => ({ attr: v, check: false })),
    }));
}

function cartesian(attr: AttrDto[]): string[] {
  return attr.reduce<string[][]>((acc, a) => acc.flatMap((c) => a.attr_values.map((v) => [...c, v])), [[]]).map(skuKey);
}

/**
 * The `sku` map keyed by the joined values, in spec order with the first combination that has stock moved
 * to the front (the picker's default). SKUs whose key no longer matches the specs are left out.
 */
export function skuMap(attr: AttrDto[], rows: SkuRow[]): Record<string, SkuDto> {
  const byKey = new Map(rows.map((r) => [r.sku, r]));
  const keys = cartesian(attr).filter((k) => byKey.has(k));
  const first = keys.find((k) => byKey.get(k)!.stock > 0);
  const ordered = first ? [first, ...keys.filter((k) => k !== first)] : keys;
  const out: Record<string, SkuDto> = {};
  for (const k of ordered) {
    const r = byKey.get(k)!;
    const price = toYuan(r.price);
    out[k] = {
      sku: r.sku,
      price,
      ot_price: toYuan(r.otPrice),
      svip_price: svipFields(price).svip_price,
      stock: r.stock,
      image: r.image,
      sales: r.sales,
      unique: r.unique,
      bar_code: r.barCode,
      weight: r.weight,
      volume: r.volume,
      down_price: toYuan(r.downPrice),
    };
  }
  return out;
}
