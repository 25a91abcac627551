import { describe, it, expect, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import {
  accepts,
  acceptedEncoding,
  COMPRESS_NOW_BYTES,
  crc32Combine,
  gzipChunks,
  gzipPiece,
  gzipPieceSync,
  encodedBody,
  HOT_AFTER,
} from './encoded-page.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('compressed kept pages', () => {
  it('answers in the encoding the request accepts', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(null)).toBeNull();
    expect(accepts('br', 'gzip')).toBe(false);
    expect(accepts('GZIP;Q=1', 'gzip')).toBe(true);
    // Each header is read once and remembered: asked again (and among many others), it answers the same.
    for (let i = 0; i < 100; i++) acceptedEncoding(`gzip;q=0.${i % 10}, br;q=0.${i}`);
    for (const header of ['br;q=0.5, gzip', 'br;q=0.5, gzip', '*, br;q=0', '*, br;q=0']) {
      expect(accepts(header, 'br')).toBe(header.startsWith('br'));
      expect(accepts(header, 'gzip')).toBe(true);
      expect(acceptedEncoding(header)).toBe('gzip');
    }
  });

  it("makes each of a page's compressed forms once, and they decode to the page", async () => {
    // A page of a product page's size gets its brotli form at once; gzip is made on the thread pool, and those asking
    // while it is made wait for the same one.
    const page = text(`<!doctype html><main>${'商品 '.repeat(5000)}</main>`).buffer as ArrayBuffer;
    expect(page.byteLength).toBeLessThanOrEqual(COMPRESS_NOW_BYTES);
    const br = encodedBody(page, 'br');
    expect(br).toBeInstanceOf(Uint8Array);
    expect(encodedBody(page, 'br')).toBe(br);
    const making = encodedBody(page, 'gzip');
    expect(making).toBeInstanceOf(Promise);
    expect(encodedBody(page, 'gzip')).toBe(making);
    const gz = await making;
    expect(encodedBody(page, 'gzip')).toBe(gz);
    expect((br as Uint8Array).byteLength).toBeLessThan(page.byteLength / 10);
    expect(Buffer.from(zlib.brotliDecompressSync(br as Uint8Array)).equals(Buffer.from(page))).toBe(true);
    expect(Buffer.from(zlib.gunzipSync(gz)).equals(Buffer.from(page))).toBe(true);
  });

  it('makes the brotli form of a page past COMPRESS_NOW_BYTES on the thread pool, once', async () => {
    const page = text(`<!doctype html><main>${'<a href="/goods_detail/1">商品</a> '.repeat(5000)}</main>`).buffer as ArrayBuffer;
    expect(page.byteLength).toBeGreaterThan(COMPRESS_NOW_BYTES);
    const making = encodedBody(page, 'br');
    expect(making).toBeInstanceOf(Promise);
    expect(encodedBody(page, 'br')).toBe(making);
    const br = await making;
    expect(encodedBody(page, 'br')).toBe(br);
    expect(Buffer.from(zlib.brotliDecompressSync(br)).equals(Buffer.from(page))).toBe(true);
  });

  it('sends a page sent often in a smaller brotli form, made once, that decodes to the page', async () => {
    const page = text(
      `<!doctype html><main>${Array.from({ length: 3000 }, (_, i) => `<a href="/goods_detail/${i}">商品 ${i}</a>`).join('')}</main>`,
    ).buffer as ArrayBuffer;
    const first = await encodedBody(page, 'br');
    for (let i = 1; i < HOT_AFTER; i++) expect(encodedBody(page, 'br')).toBe(first);
    await vi.waitFor(() => expect(encodedBody(page, 'br')).not.toBe(first));
    const hot = encodedBody(page, 'br') as Uint8Array;
    expect(hot.byteLength).toBeLessThan(first.byteLength);
    expect(Buffer.from(zlib.brotliDecompressSync(hot)).equals(Buffer.from(page))).toBe(true);
    for (let i = 0; i < 3 * HOT_AFTER; i++) expect(encodedBody(page, 'br')).toBe(hot);
  });

  it('joins separately compressed pieces, in any order and of any content, into one valid gzip stream', async () => {
    const pieces = [text('<header>'), text(''), randomBytes(70_000), text('小王 '.repeat(3000)), text('</html>')];
    const compressed = await Promise.all(pieces.map((p, i) => (i % 2 ? gzipPieceSync(p) : gzipPiece(p))));
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [3, 0, 3, 2],
    ]) {
      // The chunks as a client receives them: one after another.
      const joined = Buffer.concat(gzipChunks(order.map((i) => compressed[i]!)));
      expect(Buffer.from(zlib.gunzipSync(joined)).equals(Buffer.concat(order.map((i) => pieces[i]!)))).toBe(true);
    }
  });

  it("computes a joined stream's CRC-32 from its pieces' CRCs as zlib computes it over the whole", () => {
    const lengths: [number, number][] = [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [3000, 70_000],
      [200_000, 13],
    ];
    for (const [a, b] of lengths) {
      const [x, y] = [randomBytes(a), randomBytes(b)];
      expect(crc32Combine(zlib.crc32(x), zlib.crc32(y), b), `${a}+${b}`).toBe(zlib.crc32(Buffer.concat([x, y])));
    }
  });
});
