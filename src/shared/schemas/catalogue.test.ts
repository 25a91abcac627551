import { describe, it, expect } from 'vitest';
import { idCsv, idField } from './catalogue.ts';

describe('ids', () => {
  const id = idField('商品');
  const messageOf = (v: unknown) => id.safeParse(v).error?.issues[0]?.message;

  it('are read from a number or text of digits only (a path part, a query string)', () => {
    for (const [v, n] of [
      [5, 5],
      ['5', 5],
      [' 12 ', 12],
      ['007', 7],
      [2147483647, 2147483647],
    ] as const) {
      expect(id.parse(v), JSON.stringify(v)).toBe(n);
    }
  });

  it('refuse anything else with the field’s message: coercion read true as 1 and [5] as 5', () => {
    for (const v of [
      true,
      false,
      [5],
      ['5'],
      [],
      {},
      null,
      '',
      ' ',
      '1e3',
      '0x10',
      '5.0',
      '+5',
      '-5',
      '5a',
      0,
      -1,
      1.5,
      Number.NaN,
      Infinity,
      2147483648,
    ]) {
      expect(messageOf(v), JSON.stringify(v)).toBe('商品格式不正确');
    }
  });

  it('in a list: an array, one id or csv text, every item an id', () => {
    const list = idCsv('商品');
    expect(list.parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(list.parse([4, '5'])).toEqual([4, 5]);
    expect(list.parse(7)).toEqual([7]);
    for (const v of [[true], [[1]], '1,x', [1.5], true]) {
      expect(list.safeParse(v).error?.issues[0]?.message, JSON.stringify(v)).toMatch(/^商品格式不正确$/);
    }
  });
});
