// Brotli settings, shared by the Node server's compression on the way out (server/serve.mjs) and kept pages' compressed
// forms (src/server/http/encoded-page.ts).
import zlib from 'node:zlib';

/**
 * The quality of what is compressed for one answer or a few: brotli's fastest, its one-pass quality 0. A 35 KB product
 * page in 65-75 µs of one thread against 100-110 µs at quality 1, 0.28 ms at 2 and about 0.8 ms at 4, for 2-4 % more
 * bytes than quality 1 (the 68 KB home page: 126 against 335 µs).
 */
export const QUICK_QUALITY = 0;

/**
 * Brotli parameters at `quality`, with a window (and, when `size` is known, tables) sized to the text: 64 KB, or the
 * smallest power of two holding `size` bytes (at most 16 MB). With brotli's default 4 MB window, quality 2 allocated and
 * freed megabytes at every call: the page faults and the freeing (which stalls every thread of the process) made
 * product pages at 20 connections 37 % slower than quality 4 instead of faster, and uncached ones 41 % slower.
 * @param {number} quality
 * @param {number} [size]
 * @returns {Record<number, number>}
 */
export function brotliParams(quality, size) {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  const params = { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_LGWIN]: 16 };
  if (size === undefined) return params;
  params[BROTLI_PARAM_LGWIN] = Math.min(24, Math.max(16, Math.ceil(Math.log2(size))));
  params[BROTLI_PARAM_SIZE_HINT] = size;
  return params;
}
