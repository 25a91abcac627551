import { countries } from 'countries-list';

const PRIORITY_COUNTRIES = ['CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'US', 'CA', 'GB', 'AU', 'JP', 'KR', 'DE', 'FR'];
const PRIORITY_CURRENCIES = ['CNY', 'HKD', 'MOP', 'TWD', 'SGD', 'MYR', 'USD', 'CAD', 'GBP', 'AUD', 'JPY', 'KRW', 'EUR'];
/** ISO 4217 fund codes that ICU does not list as circulating currencies. */
const FUND_CODES = ['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW'];

const regionZh = new Intl.DisplayNames(['zh-Hans'], { type: 'region' });
const currencyZh = new Intl.DisplayNames(['zh-Hans'], { type: 'currency' });
const currencyEn = new Intl.DisplayNames(['en'], { type: 'currency' });

function symbolOf(code: string): string {
  const parts = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: code, currencyDisplay: 'symbol' }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}

const rank = (list: string[], code: string) => (list.includes(code) ? list.indexOf(code) : 1000);

/** Every ISO 3166-1 country: Chinese name, calling code and main currency (Antarctica has none: USD). */
export function countryRows() {
  return Object.entries(countries).map(([code, c]) => ({
    code,
    name: regionZh.of(code) ?? c.native,
    nameEn: c.name,
    phoneCode: String(c.phone[0] ?? ''),
    currencyCode: c.currency[0] ?? 'USD',
    sort: rank(PRIORITY_COUNTRIES, code),
  }));
}

/** Every ISO 4217 currency (ICU's circulating list plus the fund codes) with its Chinese name and symbol. */
export function currencyRows() {
  const codes = [...new Set([...Intl.supportedValuesOf('currency'), ...FUND_CODES])].sort();
  return codes.map((code) => ({
    code,
    name: currencyZh.of(code) ?? code,
    nameEn: currencyEn.of(code) ?? code,
    symbol: symbolOf(code),
    sort: rank(PRIORITY_CURRENCIES, code),
  }));
}
