import { z } from './zod.ts';

export const MAX_LIMIT = 100;

/** An absent value: a query or body field left out, null or empty (schemas read it as "not given"). */
export const blank = (v: unknown) => v === undefined || v === null || v === '';

/** `schema`, with `fallback` taken when the value is blank. */
export const orDefault = <S extends z.ZodType>(fallback: unknown, schema: S) => z.preprocess((v) => (blank(v) ? fallback : v), schema);

/** A blank value as absent (undefined): the preprocess of every optional field, so null and '' mean "not given". */
export const blankToUndefined = (v: unknown) => (blank(v) ? undefined : v);

/** An optional field: absent, null and '' are all "not given" (undefined); anything else must pass `schema`. */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/**
 * The preprocess of every list field: an array as it is; one value or comma-separated text as its items (a client
 * sends `cart_id: 7`, `"7"` or `"7,8"` for `[7, 8]`; a single picture as its path); blank → []. Anything else is
 * left for the list schema to refuse.
 */
export const asList = (v: unknown): unknown =>
  blank(v)
    ? []
    : Array.isArray(v)
      ? v
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : typeof v === 'number'
          ? [v]
          : v;

/** A number written as text: an optional '-', digits, and decimals after a '.' (surrounding spaces aside, as for ids). */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number as a client sends it, for `z.coerce.number()`: a number, or text of a plain decimal number ('3', '-1',
 * '12.50'); anything else (an array, a boolean, null, blank text, '1e3', '0x10', '+5', '.5', 'Infinity') becomes NaN,
 * which the schema refuses. Coercion alone reads `[]`, `false`, `null` and `' '` as 0 and `true` as 1, so a malformed
 * stock figure would empty a SKU, and '0x10' as 16.
 */
export const numberInput = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v.trim()) : Number.NaN;

/** `numberInput`, with `fallback` for a blank value (absent, null or ''): the preprocess of a number field with a default. */
export const numberOrDefault = (fallback: unknown) => (v: unknown) => (blank(v) ? fallback : numberInput(v));

/**
 * How far ahead a merchant may end an offer or a coupon: at most 10 years from now. A later end (the year 9999, a
 * typo's 20260) is no plan a shop makes, and a coupon or a sale that never ends is what it would mean.
 */
export const FURTHEST_END_YEARS = 10;

/** The latest end a merchant may set at `at`: the same moment `FURTHEST_END_YEARS` later. */
export function furthestEnd(at: Date): Date {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + FURTHEST_END_YEARS);
  return d;
}

/** A number sent where text is expected (a phone or a tracking number as a JSON number) → its decimal text. */
export const numberAsText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** Control characters other than tab and newline (C0, DEL, C1): never in text a shopper writes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check refuses
export const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** A 0 or 1 as a client sends it (also `"0"`, `"1"` or a boolean); anything else is refused with `message`. */
export const zeroOrOne = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'boolean' ? Number(v) : typeof v === 'string' && /^\s*[01]\s*$/.test(v) ? Number(v) : v),
    z.union([z.literal(0), z.literal(1)], { error: message }),
  );

/** Free text a shopper writes has no control characters (terminal escapes and the like), `name` says which text. */
export const noControlChars = (name: string) => [(s: string) => !CONTROL_CHARS.test(s), `${name}不能包含特殊控制字符`] as const;

/**
 * Optional text, '' when not given: absent, null, '' or `false` (what some clients send for a string they leave
 * unset); a number is its decimal text. Trimmed, at most `max` characters (`message` for anything else).
 */
export const textOrEmpty = (max: number, message: string) =>
  z.preprocess((v) => (blank(v) || v === false ? '' : numberAsText(v)), z.string({ error: message }).trim().max(max, message));

const intField = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    numberOrDefault(fallback),
    z.coerce
      .number({ error: `${name}必须是数字` })
      .min(min, `${name}不能小于${min}`)
      .max(max, `${name}不能大于${max}`)
      .int(`${name}必须是整数`),
  );

/** `page` (1-based) and `limit` (default 20, at most 100): a bad value is a 400, never a silent default. */
export const pagination = {
  page: intField('页码', 1, 100000, 1),
  limit: intField('每页数量', 1, MAX_LIMIT, 20),
};

/**
 * A keyword of a picker's search (countries, currencies: names and codes): letters of any script, digits, currency
 * signs, spaces and a few separators; anything else is refused with a clear message.
 */
export const searchKeyword = z
  .string({ error: '搜索关键词格式不正确' })
  .trim()
  .max(50, '搜索关键词不能超过50个字')
  .regex(/^[\p{L}\p{N}\p{M}\p{Sc}\s+\-.'&()·]*$/u, '搜索关键词包含不支持的字符')
  .optional()
  .default('');

/**
 * What a shopper typed in the mall's search box (products, shops), as text: any character they can type (`C#`,
 * `100%`, `a/b`), searched for as itself (the services match it with `likeContains`, which escapes LIKE's wildcards),
 * so a keyword nothing matches lists nothing instead of an error page; control and format characters (NUL, which
 * PostgreSQL text cannot hold, zero-width marks) become spaces. At most 50 characters after trimming.
 */
export const shopperKeyword = z
  .string({ error: '搜索关键词格式不正确' })
  .transform((v) => v.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}]+/gu, ' ').trim())
  .pipe(z.string().max(50, '搜索关键词不能超过50个字'))
  .optional()
  .default('');

/**
 * A LIKE / ILIKE pattern matching `text` anywhere, its wildcards (`%`, `_`) and the escape (`\\`) taken as themselves
 * (PostgreSQL's default escape character is the backslash).
 */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const optionsQuery = z.object({ ...pagination, keyword: searchKeyword });
export type OptionsQuery = z.infer<typeof optionsQuery>;

/**
 * A time as the API writes times: 'YYYY-MM-DD HH:mm[:ss]' in mall time (Beijing, UTC+8) → the instant. A date that
 * does not exist (2026-02-30) or before 1970 is refused, not rolled over; `what` names the field in the messages.
 */
export const mallTimeField = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `请填写${what}` : `${what}格式不正确，例如 2026-12-12 00:00:00`) })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, `${what}格式不正确，例如 2026-12-12 00:00:00`)
    .transform((v, c) => {
      const full = v.length === 16 ? `${v}:00` : v;
      const d = new Date(`${full.replace(' ', 'T')}+08:00`);
      // Written back in mall time, a real date reads the same; years before 1970 are no time of this mall.
      if (
        Number(v.slice(0, 4)) < 1970 ||
        Number.isNaN(d.getTime()) ||
        new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') !== full
      ) {
        c.addIssue({ code: 'custom', message: `${what}不是有效的时间` });
        return z.NEVER;
      }
      return d;
    });
