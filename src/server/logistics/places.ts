/** City names read from free-text Chinese addresses, for the tracking timeline ("杭州市" from "浙江省杭州市余杭区…"). */

const MUNICIPALITIES = ['北京市', '上海市', '天津市', '重庆市'];
/** The level under a province that is not a city name (a municipality's "市辖区" in the region data). */
const PLACEHOLDERS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/**
 * The city of an address: a municipality itself, else the prefecture-level unit after the province ("杭州市",
 * "延边朝鲜族自治州", "阿拉善盟", "大兴安岭地区"). Works on "广东省深圳市南山区…" and on the spaced form orders keep
 * ("广东省 深圳市 南山区 …"); '' when none can be read.
 */
export function cityOf(address: string): string {
  const text = address.trim();
  const muni = MUNICIPALITIES.find((m) => text.startsWith(m) || text.startsWith(m.slice(0, 2)));
  if (muni) return muni;
  const parts = text.split(/\s+/).filter((p) => p && !PLACEHOLDERS.has(p));
  if (parts.length > 1 && /(省|自治区|特别行政区)$/.test(parts[0]!)) {
    const second = parts[1]!;
    if (/(市|州|盟|地区)$/.test(second)) return second;
  }
  const m = /^(?:.+?(?:省|自治区))?(.+?(?:自治州|地区|盟|市|州(?!市)))/.exec(text.replace(/\s+/g, ''));
  return m?.[1] ?? '';
}

/** "杭州市" → "杭州" (a hub or outlet name reads "杭州转运中心"). */
export function shortCity(city: string): string {
  return city.length > 2 ? city.replace(/(市|地区|盟)$/, '') : city;
}
