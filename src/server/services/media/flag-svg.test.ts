import { describe, it, expect } from 'vitest';
import { countries } from 'countries-list';
import { flagSvg } from './flag-svg.ts';

describe('flag pictures', () => {
  it('has a flag for every country a shopper can pick', () => {
    const missing = Object.keys(countries).filter((code) => !flagSvg(code));
    expect(missing).toEqual(['TW']); // shown by name only (shared/flags.ts)
    expect(flagSvg('cn')).toMatch(/^<svg[^>]*viewBox="0 0 513 342"/);
  });

  it('answers null for anything that is not a known two-letter code', () => {
    for (const code of ['', 'XX', 'CHN', '__proto__', 'constructor', '../x', 'C']) expect(flagSvg(code)).toBeNull();
  });
});
