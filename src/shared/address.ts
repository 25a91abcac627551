import type { AddressDto } from './dto.ts';
import { MAINLAND } from './schemas/address.ts';

/** How an address reads on a card and at checkout (server pages and islands alike). */

/** Placeholder names of the region data's second level (a municipality's "市辖区"), left out when shown. */
const PLACEHOLDER_REGIONS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

let names: Intl.DisplayNames | undefined;
/** A country's Chinese name ("美国"), the same source as the ship-to picker's; the code itself if unknown. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

type Located = Pick<AddressDto, 'country' | 'province' | 'city' | 'district' | 'street' | 'post_code'>;

/** The region part: "广东省 深圳市 南山区 粤海街道", or "Brooklyn, New York, NY 11201, 美国". */
export function regionLabel(a: Located): string {
  if (a.country === MAINLAND) return [a.province, a.city, a.district, a.street].filter((n) => n && !PLACEHOLDER_REGIONS.has(n)).join(' ');
  return [a.district, a.city, [a.province, a.post_code].filter(Boolean).join(' '), countryName(a.country)].filter(Boolean).join(', ');
}
