import { describe, it, expect } from 'vitest';
import { documentTokens, queryTokens, keywordParts } from './search-tokens.ts';

const contains = (doc: string[], q: string[]) => q.every((t) => doc.includes(t));

describe('search tokens', () => {
  const doc = documentTokens('星辰科技 Pro 15 旗舰手机 120Hz高刷护眼屏', '星辰科技,手机,手机通讯,数码');

  it('match any Chinese substring of one or two characters and more', () => {
    for (const kw of ['手机', '机', '旗舰手机', '护眼', '数码', '星辰 手机']) expect(contains(doc, queryTokens(kw))).toBe(true);
    for (const kw of ['电脑', '笔', '手表']) expect(contains(doc, queryTokens(kw))).toBe(false);
  });

  it('match Latin words case-insensitively, inside words too', () => {
    expect(contains(doc, queryTokens('PRO'))).toBe(true);
    expect(contains(doc, queryTokens('120hz'))).toBe(true);
    expect(contains(doc, queryTokens('hz'))).toBe(true);
    expect(contains(doc, queryTokens('max'))).toBe(false);
  });

  it('split keywords on whitespace for the re-check', () => {
    expect(keywordParts('  星辰   手机 ')).toEqual(['星辰', '手机']);
    expect(keywordParts('')).toEqual([]);
  });
});
