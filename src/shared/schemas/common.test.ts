import { describe, it, expect } from 'vitest';
import { z } from './zod.ts';
import {
  likeContains,
  optionsQuery,
  searchKeyword,
  shopperKeyword,
  MAX_LIMIT,
  numberInput,
  numberOrDefault,
  optional,
  textOrEmpty,
} from './common.ts';

const parse = (input: unknown) => optionsQuery.safeParse(input);
const messageOf = (input: unknown) => {
  const r = parse(input);
  expect(r.success, JSON.stringify(input)).toBe(false);
  return r.success ? '' : r.error.issues[0]?.message;
};

describe('options query (page, limit, keyword)', () => {
  it('defaults to page 1, limit 20 and no keyword (spec section 9)', () => {
    expect(parse({}).data).toEqual({ page: 1, limit: 20, keyword: '' });
    expect(parse({ page: '', limit: '', keyword: undefined }).data).toEqual({ page: 1, limit: 20, keyword: '' });
    expect(parse({ page: null, limit: null }).data).toEqual({ page: 1, limit: 20, keyword: '' });
  });

  it('reads numbers sent as query strings', () => {
    expect(parse({ page: '3', limit: '50', keyword: '中国' }).data).toEqual({ page: 3, limit: 50, keyword: '中国' });
    expect(parse({ page: 2, limit: MAX_LIMIT }).data).toMatchObject({ page: 2, limit: 100 });
  });

  it('ignores unknown fields', () => {
    expect(parse({ page: '1', foo: 'bar', __proto__x: 1 }).data).toEqual({ page: 1, limit: 20, keyword: '' });
  });

  it.each([
    [{ page: '0' }, '页码不能小于1'],
    [{ page: '-1' }, '页码不能小于1'],
    [{ page: '1.5' }, '页码必须是整数'],
    [{ page: 'abc' }, '页码必须是数字'],
    [{ page: '100001' }, '页码不能大于100000'],
    [{ limit: '0' }, '每页数量不能小于1'],
    [{ limit: '101' }, '每页数量不能大于100'],
    [{ limit: '1000' }, '每页数量不能大于100'],
    [{ limit: '1e9' }, '每页数量必须是数字'],
    [{ limit: 'ten' }, '每页数量必须是数字'],
  ])('refuses %j with a Chinese message', (input, message) => {
    expect(messageOf(input)).toBe(message);
  });

  it('refuses a page or limit that is not a number (coercion read true as 1, [] and false as 0)', () => {
    for (const v of [true, false, [], [2], ' ']) {
      expect(messageOf({ page: v }), JSON.stringify(v)).toBe('页码必须是数字');
      expect(messageOf({ limit: v }), JSON.stringify(v)).toBe('每页数量必须是数字');
    }
  });

  it('refuses non-finite and non-scalar numbers instead of crashing', () => {
    for (const v of ['Infinity', 'NaN', '1e400', [1, 2], { n: 1 }]) {
      expect(messageOf({ limit: v })).toMatch(/^每页数量/);
    }
  });
});

describe('numbers sent as text', () => {
  const amount = z.preprocess(numberInput, z.coerce.number({ error: '金额必须是数字' }));
  const withDefault = z.preprocess(numberOrDefault(7), z.coerce.number({ error: '数量必须是数字' }));

  it('read a plain decimal number (an optional minus, digits, decimals after a point; spaces around), as a JSON number', () => {
    for (const [v, n] of [
      ['3', 3],
      ['-1', -1],
      ['12.50', 12.5],
      ['-0.25', -0.25],
      ['007', 7],
      [' 5 ', 5],
      [5, 5],
      [1.5, 1.5],
      [1e3, 1000],
    ] as const) {
      expect(amount.parse(v), JSON.stringify(v)).toBe(n);
      expect(withDefault.parse(v), JSON.stringify(v)).toBe(n);
    }
    for (const v of [undefined, null, '']) expect(withDefault.parse(v)).toBe(7);
  });

  it('refuse other number notations: coercion read 1e3 as 1000, 0x10 as 16, +5 as 5 and .5 as 0.5', () => {
    for (const v of [
      '1e0',
      '1e3',
      '1E3',
      '0x10',
      '0b11',
      '0o17',
      '+5',
      '.5',
      '5.',
      '1_000',
      '1,000',
      '1 000',
      'Infinity',
      '-Infinity',
      '５',
      '--1',
    ]) {
      expect(amount.safeParse(v).error?.issues[0]?.message, v).toBe('金额必须是数字');
      expect(withDefault.safeParse(v).error?.issues[0]?.message, v).toBe('数量必须是数字');
      expect(messageOf({ page: v }), v).toBe('页码必须是数字');
      expect(messageOf({ limit: v }), v).toBe('每页数量必须是数字');
    }
  });
});

describe('search keyword', () => {
  it('trims and accepts letters of any script, digits and name separators', () => {
    for (const kw of ['中国', 'United States', '+86', 'Côte', 'Guinea-Bissau', "Cote d'Ivoire", 'St. Kitts & Nevis', '(US)', '·']) {
      expect(searchKeyword.parse(`  ${kw}  `)).toBe(kw);
    }
  });

  it('accepts exactly 50 characters, and counts after trimming', () => {
    expect(searchKeyword.parse('中'.repeat(50))).toBe('中'.repeat(50));
    expect(searchKeyword.parse(`  ${'a'.repeat(50)}  `)).toBe('a'.repeat(50));
  });

  it('refuses 51 characters', () => {
    expect(messageOf({ keyword: 'a'.repeat(51) })).toBe('搜索关键词不能超过50个字');
  });

  it.each(['%', '_', 'a%b', 'a_b', '<script>', '"', ';', '\\', '\u0000', '=', '*', '/'])(
    'refuses the LIKE wildcard, markup or control character %j',
    (kw) => {
      expect(messageOf({ keyword: kw })).toBe('搜索关键词包含不支持的字符');
    },
  );

  it('refuses a keyword that is not a string', () => {
    expect(messageOf({ keyword: 12 })).toBe('搜索关键词格式不正确');
    expect(messageOf({ keyword: ['a'] })).toBe('搜索关键词格式不正确');
  });
});

describe('shopper search keyword', () => {
  it.each(['%', '_', 'a%b', 'a_b', 'C#', '100%', 'a/b', 'a,b', '<script>', '"', ';', '\\', '=', '*'])(
    'takes %j as typed: what a shopper searches for is text, matched as itself',
    (kw) => {
      expect(shopperKeyword.parse(` ${kw} `)).toBe(kw);
    },
  );

  it('makes control and format characters spaces (NUL cannot be stored or compared as text)', () => {
    expect(shopperKeyword.parse('a\u0000b')).toBe('a b');
    expect(shopperKeyword.parse('\u200b手机\u0007')).toBe('手机');
    expect(shopperKeyword.safeParse('中'.repeat(51)).error?.issues[0]?.message).toBe('搜索关键词不能超过50个字');
  });

  it('escapes LIKE wildcards and the escape itself in a contains pattern', () => {
    expect(likeContains('100%')).toBe('%100\\%%');
    expect(likeContains('a_b\\c')).toBe('%a\\_b\\\\c%');
  });
});

describe('optional fields', () => {
  it('read absent, null and empty as not given', () => {
    const o = z.object({ n: optional(z.number()), t: textOrEmpty(5, '格式不正确') });
    for (const v of [undefined, null, '']) expect(o.parse({ n: v, t: v })).toEqual({ n: undefined, t: '' });
    expect(o.parse({ t: false })).toEqual({ n: undefined, t: '' });
    expect(o.parse({ n: 3, t: 12 })).toEqual({ n: 3, t: '12' });
    expect(o.safeParse({ t: 'abcdef' }).error?.issues[0]?.message).toBe('格式不正确');
    expect(o.safeParse({ t: {} }).error?.issues[0]?.message).toBe('格式不正确');
  });
});
