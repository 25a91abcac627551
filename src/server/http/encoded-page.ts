import zlib from 'node:zlib';
import { promisify } from 'node:util';
import Negotiator from 'negotiator';

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

/** Whether an `Accept-Encoding` header accepts `name` (a q above zero, by name or by `*`). */
export function accepts(header: string | null | undefined, name: Encoding): boolean {
  return !!header && negotiate(header).encodings([name]).includes(name);
}

/** The encoding to answer with for an `Accept-Encoding` header: the highest q of brotli and gzip (brotli on a tie), else none. */
export function acceptedEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const best = negotiate(header).encoding(['br', 'gzip'], ['br', 'gzip']);
  return best === 'br' || best === 'gzip' ? best : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

/** Quality 6: a little smaller than the on-the-fly quality 4, and done once per kept page on the thread pool. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };
const PIECE_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** A kept page's brotli and gzip forms, once made (made on its first hit, off the main thread). */
const whole = new WeakMap<ArrayBuffer, { br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> } | 'pending'>();

/** `body` in `encoding` if it is ready; otherwise null, and it is being made for the next answers. */
export function precompressed(body: ArrayBuffer, encoding: Encoding): Uint8Array<ArrayBuffer> | null {
  const done = whole.get(body);
  if (done && done !== 'pending') return done[encoding] ?? null;
  if (!done) {
    whole.set(body, 'pending');
    const bytes = new Uint8Array(body);
    Promise.all([brotli(bytes, BROTLI_OPTIONS), gzip(bytes)]).then(
      ([br, gz]) => whole.set(body, { br, gzip: gz }),
      () => whole.set(body, {}),
    );
  }
  return null;
}

/** One piece of a joined gzip stream: its text and its compressed form. */
export interface GzipPiece {
  raw: Uint8Array;
  deflated: Uint8Array;
}

/** `raw` compressed as a piece (synchronously: for a shopper's small header parts). */
export function gzipPieceSync(raw: Uint8Array): GzipPiece {
  return { raw, deflated: zlib.deflateRawSync(raw, PIECE_OPTIONS) };
}

/** `raw` compressed as a piece on the thread pool (a kept page's shared pieces). */
export async function gzipPiece(raw: Uint8Array): Promise<GzipPiece> {
  return { raw, deflated: await deflateRaw(raw, PIECE_OPTIONS) };
}

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
/** A final fixed-Huffman block holding only its end code. */
const FINAL_BLOCK = Uint8Array.of(3, 0);

/** One gzip stream of `pieces` in order. */
export function joinGzip(pieces: readonly GzipPiece[]): Buffer<ArrayBuffer> {
  let crc = 0;
  let size = 0;
  for (const p of pieces) {
    crc = zlib.crc32(p.raw, crc);
    size += p.raw.byteLength;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((p) => p.deflated), FINAL_BLOCK, trailer]);
}
