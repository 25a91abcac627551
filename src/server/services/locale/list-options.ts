import { asc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { country, currency } from '../../db/schema/index.ts';
import { optionsQuery, type OptionsQuery } from '../../../shared/schemas/common.ts';
import { badRequest } from '../errors.ts';
import { currencySymbol } from '../../../shared/money.ts';
import type { ServiceContext } from '../context.ts';

import type { CountryOption, CurrencyOption } from '../../../shared/dto.ts';

export type { CountryOption, CurrencyOption };

function parse(input: Partial<OptionsQuery>): OptionsQuery {
  const r = optionsQuery.safeParse(input);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? '参数错误');
  return r.data;
}

// The keyword schema only admits letters, digits and a few separators, so no LIKE wildcard can get in.
const like = (kw: string) => `%${kw}%`;

/** `GET /api/config/country/options`: paged countries matching name (zh/en), code or calling code. */
export async function listCountryOptions(ctx: Pick<ServiceContext, 'db'>, input: Partial<OptionsQuery>) {
  const { page, limit, keyword } = parse(input);
  const kw = keyword.replace(/^\+/, '');
  const where: SQL | undefined = kw
    ? or(ilike(country.name, like(kw)), ilike(country.nameEn, like(kw)), ilike(country.code, like(kw)), ilike(country.phoneCode, `${kw}%`))
    : undefined;
  const [rows, [{ count } = { count: 0 }]] = await Promise.all([
    ctx.db
      .select({ value: country.code, label: country.name, currency_code: country.currencyCode, phone_code: country.phoneCode })
      .from(country)
      .where(where)
      .orderBy(asc(country.sort), asc(country.code))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(country).where(where),
  ]);
  return { count, list: rows satisfies CountryOption[] };
}

/**
 * `GET /api/config/currency/options`: paged currencies matching name (zh/en), code or stored symbol. Each is given
 * with the symbol shoppers expect (`currencySymbol`: $ for USD), which the picker stores in the `locale` cookie.
 */
export async function listCurrencyOptions(ctx: Pick<ServiceContext, 'db'>, input: Partial<OptionsQuery>) {
  const { page, limit, keyword } = parse(input);
  const where: SQL | undefined = keyword
    ? or(
        ilike(currency.name, like(keyword)),
        ilike(currency.nameEn, like(keyword)),
        ilike(currency.code, like(keyword)),
        ilike(currency.symbol, like(keyword)),
      )
    : undefined;
  const [rows, [{ count } = { count: 0 }]] = await Promise.all([
    ctx.db
      .select({ value: currency.code, label: currency.name, symbol: currency.symbol })
      .from(currency)
      .where(where)
      .orderBy(asc(currency.sort), asc(currency.code))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(currency).where(where),
  ]);
  return { count, list: rows.map((r) => ({ ...r, symbol: currencySymbol(r.value) })) satisfies CurrencyOption[] };
}
