import { describe, it, expect } from 'vitest';
import zlib from 'node:zlib';
import { brotliParams, QUICK_QUALITY } from '../../server/brotli.mjs';

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;

describe('brotli settings', () => {
  it('never take brotli’s 4 MB default window: 64 KB when the size is not known, else the smallest that holds the text', () => {
    expect(brotliParams(QUICK_QUALITY)).toEqual({ [BROTLI_PARAM_QUALITY]: 0, [BROTLI_PARAM_LGWIN]: 16 });
    expect(brotliParams(5, 29_000)).toEqual({ [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_LGWIN]: 16, [BROTLI_PARAM_SIZE_HINT]: 29_000 });
    expect(brotliParams(2, 300_000)[BROTLI_PARAM_LGWIN]).toBe(19);
    const page = Buffer.from(`<main>${'同一页 '.repeat(40_000)}</main>`);
    expect(
      zlib.brotliDecompressSync(zlib.brotliCompressSync(page, { params: brotliParams(QUICK_QUALITY, page.byteLength) })).equals(page),
    ).toBe(true);
  });
});
