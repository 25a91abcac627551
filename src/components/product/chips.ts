import { toggled, toggledParam, type Href, type ListingState } from './listing-href.ts';

interface Names {
  brands: { brand_id: number; brand_name: string }[];
  types: { mer_type_id: number; type_name: string }[];
  params: { parameter_id: number; name: string }[];
}

/** The chosen filters of a listing as removable chips: each links to the same list without it. */
export function chipsOf(s: ListingState, href: Href, names: Names, withKeyword: boolean): { label: string; href: string }[] {
  const chips: { label: string; href: string }[] = [];
  if (withKeyword && s.title) chips.push({ label: `关键词：${s.title}`, href: href({ title: '' }) });
  for (const id of s.brand_id) {
    const name = names.brands.find((b) => b.brand_id === id)?.brand_name ?? `品牌 ${id}`;
    chips.push({ label: `品牌：${name}`, href: href({ brand_id: toggled(s.brand_id, id) }) });
  }
  for (const id of s.mer_type_id) {
    const name = names.types.find((t) => t.mer_type_id === id)?.type_name ?? `类型 ${id}`;
    chips.push({ label: `店铺类型：${name}`, href: href({ mer_type_id: toggled(s.mer_type_id, id) }) });
  }
  for (const [id, values] of Object.entries(s.filter_params)) {
    const name = names.params.find((p) => String(p.parameter_id) === id)?.name ?? '参数';
    for (const v of values) chips.push({ label: `${name}：${v}`, href: href({ filter_params: toggledParam(s.filter_params, id, v) }) });
  }
  if (s.price_on || s.price_off) {
    const label =
      s.price_on && s.price_off ? `¥${s.price_on} - ¥${s.price_off}` : s.price_on ? `¥${s.price_on} 以上` : `¥${s.price_off} 以下`;
    chips.push({ label: `价格：${label}`, href: href({ price_on: undefined, price_off: undefined }) });
  }
  return chips;
}

/** The same list with every narrowing filter removed (keyword and category stay). */
export const clearedHref = (href: Href) =>
  href({ brand_id: [], mer_type_id: [], filter_params: {}, price_on: undefined, price_off: undefined });
