import zlib from 'node:zlib';
import { promisify } from 'node:util';
import Negotiator from 'negotiator';
import { brotliParams, QUICK_QUALITY } from '../../../server/brotli.mjs';

/**
 * Kept pages compressed once instead of on every answer (server/serve.mjs compresses what is not): brotli and gzip
 * of a visitor page, and for signed-in shoppers a gzip stream joined from pieces (RFC 1951/1952). Each piece of a
 * page that is the same for everyone is compressed once, on its own, ending on a byte boundary (a sync flush, no
 * final block); a shopper's own pieces (their header) are compressed the same way; the answer is the gzip header,
 * the pieces in page order, an empty final block and the CRC-32 and length of the whole text. Back-references never
 * cross a piece, so any order of such pieces is a valid stream.
 */

export type Encoding = 'br' | 'gzip';

// negotiator 0.6.4 takes a preference order for ties (its published types omit the argument).
type Negotiate = { encoding(available: string[], preferred: string[]): string | undefined; encodings(available: string[]): string[] };
const negotiate = (header: string) => new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as Negotiate;

/** What an `Accept-Encoding` header accepts: read once per header text (browsers send a few; at most 64 are kept). */
const readHeaders = new Map<string, { best: Encoding | null; takes: string[] }>();

function read(header: string) {
  let found = readHeaders.get(header);
  if (!found) {
    const n = negotiate(header);
    const best = n.encoding(['br', 'gzip'], ['br', 'gzip']);
    found = { best: best === 'br' || best === 'gzip' ? best : null, takes: n.encodings(['br', 'gzip']) };
    if (readHeaders.size >= 64) readHeaders.clear();
    readHeaders.set(header, found);
  }
  return found;
}

/** Whether an `Accept-Encoding` header accepts `name` (a q above zero, by name or by `*`). */
export function accepts(header: string | null | undefined, name: Encoding): boolean {
  if (!header) return false;
  return read(header).takes.includes(name);
}

/** The encoding to answer with for an `Accept-Encoding` header: the highest q of brotli and gzip (brotli on a tie), else none. */
export function acceptedEncoding(header: string | null | undefined): Encoding | null {
  return header ? read(header).best : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A kept page's brotli form is made at the quick quality first (0, server/brotli.mjs): most kept pages (product pages
 * above all) are sent once or twice before they expire, and the answer waits for its form. A page up to
 * `COMPRESS_NOW_BYTES` is compressed at once, on the main thread: handing it to the thread pool cost the process more (about 0.15 ms to set
 * up the zlib stream and wake a pool thread) than compressing it. At 20 connections on the 50,000-product mall, product
 * pages then answered 9-16 % more requests a second, at a p95 of 46-48 ms instead of 55-59, and category pages 25-26 ms
 * instead of 29-32 (against quality 2 on the thread pool, one server A/B run each way twice).
 * A page sent `HOT_AFTER` times in brotli is compressed again, once, at quality 5 (about a fifth fewer bytes than the quick quality,
 * on the thread pool), and its later answers send that form: the pages most sent (home, flash sales, the first pages
 * of categories) are then the smallest.
 */
export const COMPRESS_NOW_BYTES = 128 * 1024;
const HOT_QUALITY = 5;
export const HOT_AFTER = 16;

/** Brotli options for a page of `size` bytes at `quality`: window and tables sized to it (server/brotli.mjs). */
const brotliOptions = (quality: number, size: number) => ({ params: brotliParams(quality, size) });
const PIECE_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/**
 * What `make` gives for `key`, made once: the value once made, its promise while it is being made (everyone asking
 * meanwhile gets the same promise); a failure is forgotten, so the next call makes it again. For a kept page's
 * compressed forms (here) and its gzip template (shopper-page.ts).
 */
export function madeOnce<K extends object, V>(made: WeakMap<K, V | Promise<V>>, key: K, make: () => Promise<V>): V | Promise<V> {
  const found = made.get(key);
  if (found !== undefined) return found;
  const making = make().then(
    (value) => {
      made.set(key, value);
      return value;
    },
    (err: unknown) => {
      made.delete(key);
      throw err;
    },
  );
  made.set(key, making);
  return making;
}

/** Kept pages' compressed forms, per encoding. */
const forms: Record<Encoding, WeakMap<ArrayBuffer, Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>>> = {
  br: new WeakMap(),
  gzip: new WeakMap(),
};

/** Brotli answers sent per kept page body, until it is compressed again for being sent often (`HOT_AFTER`). */
const brotliSent = new WeakMap<ArrayBuffer, number>();

/**
 * A kept page's body in `encoding`: its bytes, or the promise of them while they are being made. Each form is made
 * once per kept page, when a request first asks for it (usually the render that kept the page): a brotli form up to
 * `COMPRESS_NOW_BYTES` at once, the others on the thread pool; every answer of the page in that encoding, including
 * those asking while it is made, sends those bytes, until a page sent often gets its smaller brotli form (`HOT_AFTER`). (A zlib stream costs the main thread about 180 µs to set up
 * whatever its size: compressing a page once per encoding instead of once per answer until its form is ready is most
 * of what a kept page's first answers cost.)
 */
export function encodedBody(body: ArrayBuffer, encoding: Encoding): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br' && body.byteLength <= COMPRESS_NOW_BYTES && !forms.br.has(body))
    forms.br.set(body, brotliNow(new Uint8Array(body)));
  const form = madeOnce(forms[encoding], body, () => {
    const bytes = new Uint8Array(body);
    return encoding === 'br' ? brotli(bytes, brotliOptions(QUICK_QUALITY, bytes.byteLength)) : gzip(bytes);
  });
  if (encoding === 'br' && !(form instanceof Promise)) countBrotliAnswer(body);
  return form;
}

/** `bytes` in brotli at the quick quality, compressed at once (for a text up to `COMPRESS_NOW_BYTES`). */
export const brotliNow = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  zlib.brotliCompressSync(bytes, brotliOptions(QUICK_QUALITY, bytes.byteLength)) as Uint8Array<ArrayBuffer>;

function countBrotliAnswer(body: ArrayBuffer): void {
  const sent = (brotliSent.get(body) ?? 0) + 1;
  brotliSent.set(body, sent);
  if (sent !== HOT_AFTER) return;
  brotli(new Uint8Array(body), brotliOptions(HOT_QUALITY, body.byteLength)).then(
    (smaller) => forms.br.set(body, smaller),
    // The first form stays.
    (err: unknown) => console.error('[mallfront] compressing a page sent often failed, keeping its first form:', err),
  );
}

/**
 * One piece of a joined gzip stream: its text, its compressed form, the CRC-32 of its text and `shift`, what
 * crc32Combine multiplies the CRC before it by (it depends only on the text's length, so it is worked out once).
 */
export interface GzipPiece {
  raw: Uint8Array;
  deflated: Uint8Array;
  crc: number;
  shift: number;
}

const pieceOf = (raw: Uint8Array, deflated: Uint8Array): GzipPiece => ({
  raw,
  deflated,
  crc: zlib.crc32(raw),
  shift: crcShift(raw.byteLength),
});

/** `raw` compressed as a piece (synchronously: for a shopper's small header parts). */
export function gzipPieceSync(raw: Uint8Array): GzipPiece {
  return pieceOf(raw, zlib.deflateRawSync(raw, PIECE_OPTIONS));
}

/** `raw` compressed as a piece on the thread pool (a kept page's shared pieces). */
export async function gzipPiece(raw: Uint8Array): Promise<GzipPiece> {
  return pieceOf(raw, await deflateRaw(raw, PIECE_OPTIONS));
}

/*
 * CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine, whose polynomial arithmetic this ports:
 * Node does not expose it), so a joined stream's CRC costs a few multiplications per piece instead of a pass over the
 * whole page on every signed-in hit.
 */
const POLY = 0xedb88320;

/** a * b modulo the CRC polynomial (bit-reflected, as zlib's multmodp); `a` must not be 0. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 1 << 30; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multmodp(p, p);
  return table;
})();

/** x^(n * 2^k) modulo the polynomial. */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X2N[k & 31]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from the CRC-32 of A, that of B and the length of B in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return combineShifted(crcA, crcB, crcShift(lengthB));
}

/** What crc32Combine multiplies the first CRC by for a second part of `length` bytes. */
function crcShift(length: number): number {
  return x2nmodp(length, 3);
}

const combineShifted = (crcA: number, crcB: number, shift: number) => (multmodp(shift, crcA) ^ crcB) >>> 0;

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
/** A final fixed-Huffman block holding only its end code. */
const FINAL_BLOCK = Uint8Array.of(3, 0);

/** One gzip stream of `pieces` in order, as the chunks to send one after another (nothing copied). */
export function gzipChunks(pieces: readonly GzipPiece[]): Uint8Array<ArrayBuffer>[] {
  const chunks = new Array<Uint8Array<ArrayBuffer>>(pieces.length + 3);
  chunks[0] = GZIP_HEADER;
  let crc = 0;
  let size = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    crc = combineShifted(crc, p.crc, p.shift);
    size += p.raw.byteLength;
    chunks[i + 1] = p.deflated as Uint8Array<ArrayBuffer>;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks[pieces.length + 1] = FINAL_BLOCK;
  chunks[pieces.length + 2] = trailer;
  return chunks;
}
