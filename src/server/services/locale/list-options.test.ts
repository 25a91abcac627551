import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { ServiceError } from '../errors.ts';
import { listCountryOptions, listCurrencyOptions, type CountryOption, type CurrencyOption } from './list-options.ts';
import { formatLocale, parseLocale } from '../../../shared/locale.ts';

/** ISO 3166-1 alpha-2, all 249 officially assigned codes, written out independently of the seed's data source. */
const ISO_3166 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE
GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP
KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF
NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN
SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA
ZM ZW`.split(/\s+/);

let database: Database;
let countries: { count: number; list: CountryOption[] };
let currencies: { count: number; list: CurrencyOption[] };

/** Every row, read page by page through the service as the picker does. */
async function everyPage<T>(fn: (page: number) => Promise<{ count: number; list: T[] }>) {
  const first = await fn(1);
  const list = [...first.list];
  for (let page = 2; list.length < first.count; page++) {
    const next = await fn(page);
    expect(next.count).toBe(first.count);
    expect(next.list.length).toBeGreaterThan(0);
    list.push(...next.list);
  }
  return { count: first.count, list };
}

beforeAll(async () => {
  database = await createTestDatabase();
  countries = await everyPage((page) => listCountryOptions(database, { page, limit: 100 }));
  currencies = await everyPage((page) => listCurrencyOptions(database, { page, limit: 100 }));
});

const countryCodes = (r: { list: CountryOption[] }) => r.list.map((c) => c.value);

describe('country options (GET /api/config/country/options)', () => {
  it('has every ISO 3166-1 country, each once', () => {
    expect(ISO_3166).toHaveLength(249);
    expect(countryCodes(countries)).toEqual(expect.arrayContaining(ISO_3166));
    expect(new Set(countryCodes(countries)).size).toBe(countries.count);
    expect(countries.count).toBeGreaterThanOrEqual(249);
    expect(countries.count).toBeLessThan(260);
  });

  it('gives every country a Chinese label, a calling code and a currency that is itself an option', () => {
    const currencyCodes = new Set(currencies.list.map((c) => c.value));
    for (const c of countries.list) {
      expect(c.label, c.value).toBeTruthy();
      expect(c.phone_code, c.value).toMatch(/^[1-9]\d{0,4}$/);
      expect(c.currency_code, c.value).toMatch(/^[A-Z]{3}$/);
      expect(currencyCodes.has(c.currency_code), `${c.value} pays in ${c.currency_code}`).toBe(true);
    }
  });

  it("lists China first, as 中国 / CNY / +86, with the shoppers' usual destinations next", () => {
    expect(countries.list[0]).toEqual({ value: 'CN', label: '中国', currency_code: 'CNY', phone_code: '86' });
    expect(countryCodes(countries).slice(0, 4)).toEqual(['CN', 'HK', 'MO', 'TW']);
  });

  it('pages by 20 by default (spec section 9)', async () => {
    const first = await listCountryOptions(database, {});
    expect(first.count).toBe(countries.count);
    expect(first.list).toEqual(countries.list.slice(0, 20));
    const second = await listCountryOptions(database, { page: 2 });
    expect(second.list).toEqual(countries.list.slice(20, 40));
  });

  it('gives a short last page and an empty page past the end, with the same count', async () => {
    const lastPage = Math.ceil(countries.count / 20);
    const last = await listCountryOptions(database, { page: lastPage, limit: 20 });
    expect(last.list).toEqual(countries.list.slice((lastPage - 1) * 20));
    expect(last.list.length).toBe(countries.count - (lastPage - 1) * 20);
    const past = await listCountryOptions(database, { page: lastPage + 1, limit: 20 });
    expect(past).toEqual({ count: countries.count, list: [] });
  });

  it('finds countries by Chinese name', async () => {
    expect(countryCodes(await listCountryOptions(database, { keyword: '日本' }))).toEqual(['JP']);
    const r = await listCountryOptions(database, { keyword: '中国' });
    expect(countryCodes(r)).toEqual(['CN', 'HK', 'MO']);
    expect(r.count).toBe(3);
  });

  it('finds countries by English name, ignoring case', async () => {
    expect(countryCodes(await listCountryOptions(database, { keyword: 'germany' }))).toEqual(['DE']);
    expect(countryCodes(await listCountryOptions(database, { keyword: 'GERMANY' }))).toEqual(['DE']);
    expect(countryCodes(await listCountryOptions(database, { keyword: 'United Kingdom' }))).toEqual(['GB']);
  });

  it('finds countries by code', async () => {
    expect(countryCodes(await listCountryOptions(database, { keyword: 'jp' }))).toEqual(['JP']);
  });

  it('finds countries by calling code, with and without +', async () => {
    for (const keyword of ['86', '+86', ' +86 ']) {
      expect(await listCountryOptions(database, { keyword })).toEqual({
        count: 1,
        list: [{ value: 'CN', label: '中国', currency_code: 'CNY', phone_code: '86' }],
      });
    }
    expect(countryCodes(await listCountryOptions(database, { keyword: '+852' }))).toEqual(['HK']);
    const nanp = await listCountryOptions(database, { keyword: '+1', limit: 100 });
    expect(countryCodes(nanp)).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(nanp.list.every((c) => c.phone_code.startsWith('1'))).toBe(true);
    expect(nanp.count).toBe(nanp.list.length);
  });

  it('counts all matches while paging through them', async () => {
    const all = await listCountryOptions(database, { keyword: '+1', limit: 100 });
    const page = await listCountryOptions(database, { keyword: '+1', limit: 5, page: 2 });
    expect(page.count).toBe(all.count);
    expect(page.list).toEqual(all.list.slice(5, 10));
  });

  it('answers an empty list for a keyword nothing matches', async () => {
    expect(await listCountryOptions(database, { keyword: '火星' })).toEqual({ count: 0, list: [] });
  });
});

describe('currency options (GET /api/config/currency/options)', () => {
  it('gives every currency a code and a symbol, each once', () => {
    expect(currencies.count).toBeGreaterThan(150);
    expect(new Set(currencies.list.map((c) => c.value)).size).toBe(currencies.count);
    for (const c of currencies.list) {
      expect(c.value).toMatch(/^[A-Z]{3}$/);
      expect(c.label, c.value).toBeTruthy();
      expect(c.symbol.trim(), c.value).not.toBe('');
    }
  });

  it("every country's currency, with the symbol the picker offers, is a locale the cookie keeps (XOF's F\u202fCFA too)", () => {
    const symbols = new Map(currencies.list.map((c) => [c.value, c.symbol]));
    for (const c of countries.list) {
      const l = { country: c.value, currency: c.currency_code, symbol: symbols.get(c.currency_code)! };
      expect(parseLocale(encodeURIComponent(formatLocale(l))), c.value).toEqual(l);
    }
    expect(symbols.get('XOF')).toContain('\u202f');
  });

  it('lists CNY first as 人民币 with the symbol ¥ (the default locale)', () => {
    expect(currencies.list[0]).toEqual({ value: 'CNY', label: '人民币', symbol: '¥' });
    const bySymbol = Object.fromEntries(currencies.list.map((c) => [c.value, c.symbol]));
    expect(bySymbol).toMatchObject({ EUR: '€', GBP: '£', KRW: '₩' });
  });

  it('finds currencies by Chinese name, English name, code and symbol', async () => {
    expect((await listCurrencyOptions(database, { keyword: '人民币' })).list).toEqual([{ value: 'CNY', label: '人民币', symbol: '¥' }]);
    expect((await listCurrencyOptions(database, { keyword: 'euro' })).list.map((c) => c.value)).toContain('EUR');
    expect((await listCurrencyOptions(database, { keyword: 'cny' })).list.map((c) => c.value)).toEqual(['CNY']);
    expect((await listCurrencyOptions(database, { keyword: 'NT' })).list.map((c) => c.value)).toContain('TWD');
    expect((await listCurrencyOptions(database, { keyword: '€' })).list.map((c) => c.value)).toContain('EUR');
    expect((await listCurrencyOptions(database, { keyword: 'US$' })).list.map((c) => c.value)).toEqual(['USD']);
  });

  it('pages by 20 by default', async () => {
    const first = await listCurrencyOptions(database, {});
    expect(first.count).toBe(currencies.count);
    expect(first.list).toEqual(currencies.list.slice(0, 20));
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['page 0', { page: 0 }],
    ['page -1', { page: -1 }],
    ['page abc', { page: 'abc' }],
    ['page 1.5', { page: 1.5 }],
    ['limit 1000', { limit: 1000 }],
    ['limit 0', { limit: 0 }],
    ['keyword %', { keyword: '%' }],
    ['keyword _', { keyword: '_' }],
    ['keyword with %', { keyword: 'a%b' }],
    ['keyword <script>', { keyword: '<script>' }],
    ['keyword of 51 characters', { keyword: '中'.repeat(51) }],
    ['keyword not a string', { keyword: 7 }],
  ];

  it.each(cases)('refuses %s with a 400 and a Chinese message', async (_name, input) => {
    for (const list of [listCountryOptions, listCurrencyOptions]) {
      const err = await list(database, input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).status).toBe(400);
      expect((err as ServiceError).message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('treats an apostrophe as plain text, not SQL', async () => {
    expect(await listCountryOptions(database, { keyword: "' or 1=1" }).catch((e: ServiceError) => e.status)).toBe(400);
    expect(await listCountryOptions(database, { keyword: "'" })).toEqual({ count: 0, list: [] });
    expect(await listCurrencyOptions(database, { keyword: "o'" })).toEqual({ count: 0, list: [] });
  });
});
