import { cartCountHtml, shopperStateJson, topbarUserHtml } from '../../shared/shopper-header.ts';
import type { Shopper } from '../services/session/shopper-cache.ts';
import { toUserDto } from '../services/user/get-user.ts';
import { answerHeaders, responseOf, type Answer, type Entry, type Marker } from './page-cache.ts';
import { brotliNow, gzipChunks, gzipPiece, gzipPieceSync, madeOnce, type GzipPiece } from './encoded-page.ts';

/**
 * A page rendered for visitors as a signed-in shopper gets it: their top bar (nickname, avatar, crown, 消息 with their
 * unread count, 退出), cart count and page state (user, cart count, `shared` so the browser fills in their marks). The visitor's parts are
 * found by the very strings the layout rendered them with (shared/shopper-header.ts): the top bar and the cart count
 * before the page content (`<main>`), the state after it, so content quoting them is never taken for them.
 */
const encoder = new TextEncoder();
const VISITOR_PARTS = [
  { bytes: Buffer.from(topbarUserHtml(null)), last: false },
  { bytes: Buffer.from(cartCountHtml(0, false)), last: false },
  { bytes: Buffer.from(shopperStateJson(null, 0)), last: true },
];
const MAIN = Buffer.from('<main');
const MAIN_END = Buffer.from('</main>');

/** The shopper's replacements of VISITOR_PARTS, in order. */
function shopperParts(shopper: Shopper): string[] {
  const user = toUserDto(shopper.user);
  return [
    topbarUserHtml(user, shopper.unread),
    cartCountHtml(shopper.cartCount, true),
    shopperStateJson(user, shopper.cartCount, shopper.unread, true),
  ];
}

/**
 * A page's UTF-8 bytes cut around the visitor parts: [bytes, part index, bytes, part index, …, bytes], the bytes views
 * of `page` (nothing is decoded, copied or encoded again: UTF-8 never has an ASCII byte inside a character, so the
 * parts are found where the text has them). A part the page does not have (a page without the search bar has no cart
 * count) is left out.
 */
function cut(page: Uint8Array): (Uint8Array | number)[] {
  const html = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const found: { at: number; end: number; part: number }[] = [];
  // The header ends where the content begins, and the state comes after the content ends.
  const main = html.indexOf(MAIN);
  const mainEnd = html.lastIndexOf(MAIN_END);
  VISITOR_PARTS.forEach((p, part) => {
    const at = p.last ? html.lastIndexOf(p.bytes) : html.indexOf(p.bytes);
    const inPlace = p.last ? at > mainEnd : main < 0 || at + p.bytes.length <= main;
    if (at >= 0 && inPlace) found.push({ at, end: at + p.bytes.length, part });
  });
  found.sort((a, b) => a.at - b.at);
  const out: (Uint8Array | number)[] = [];
  let from = 0;
  for (const f of found) {
    if (f.at < from) continue; // overlapping finds cannot happen with these parts; never cut twice
    out.push(html.subarray(from, f.at), f.part);
    from = f.end;
  }
  out.push(html.subarray(from));
  return out;
}

/** A cut page joined again with `mine` (the shopper's parts, encoded) in place of the visitor's. */
const joined = (pieces: readonly (Uint8Array | number)[], mine: readonly Uint8Array[]) =>
  Buffer.concat(pieces.map((piece) => (typeof piece === 'number' ? mine[piece]! : piece)));

/** Kept pages cut once, so each signed-in view of one only joins bytes. */
const templates = new WeakMap<ArrayBuffer, (Uint8Array | number)[]>();

function templateOf(body: ArrayBuffer): (Uint8Array | number)[] {
  let t = templates.get(body);
  if (!t) {
    t = cut(new Uint8Array(body));
    templates.set(body, t);
  }
  return t;
}

const privateHeaders = (from: Headers) => {
  const headers = new Headers(from);
  headers.delete('content-length');
  headers.delete('etag');
  headers.set('cache-control', 'private, no-store');
  return headers;
};

/** Each shopper's parts, encoded once per entry of session/shopper-cache.ts (a new entry is a new object). */
const encodedParts = new WeakMap<Shopper, { raw: Uint8Array[]; gzip?: GzipPiece[] }>();

function partsOf(shopper: Shopper) {
  let mine = encodedParts.get(shopper);
  if (!mine) {
    mine = { raw: shopperParts(shopper).map((s) => encoder.encode(s)) };
    encodedParts.set(shopper, mine);
  }
  return mine;
}

/** A kept page's pieces for joined gzip answers: its shared pieces compressed, and the indexes of the shopper's parts. */
export type GzipTemplate = readonly (GzipPiece | number)[];

/**
 * Pieces smaller than this are compressed on the main thread: a zlib stream on the thread pool costs the main thread
 * about 180 µs to set up, more than deflating a few kilobytes takes. (The pieces before and after a page's content are
 * that small; the content is compressed on the pool.)
 */
const SYNC_PIECE_BYTES = 8 * 1024;

/** Kept pages' gzip templates, or the promise of one while it is made. */
const gzipTemplates = new WeakMap<ArrayBuffer, GzipTemplate | Promise<GzipTemplate>>();

/** The gzip template of a kept page, made once (the first answer asking for it waits for it). */
export function gzipTemplate(body: ArrayBuffer): GzipTemplate | Promise<GzipTemplate> {
  return madeOnce(gzipTemplates, body, () =>
    Promise.all(
      templateOf(body).map((piece) =>
        typeof piece === 'number' ? piece : piece.byteLength < SYNC_PIECE_BYTES ? gzipPieceSync(piece) : gzipPiece(piece),
      ),
    ),
  );
}

/** The gzip template of a kept page if it is made (null before and while it is made). */
export function madeGzipTemplate(body: ArrayBuffer): GzipTemplate | null {
  const made = gzipTemplates.get(body);
  return made === undefined || made instanceof Promise ? null : made;
}

/** Signed-in answers of each kept page sent without its gzip template (`shopperAnswer` with `'br'`). */
const untemplated = new WeakMap<ArrayBuffer, number>();

/**
 * Whether to start making a kept page's gzip template for its later signed-in answers: at its first signed-in answer
 * made without it, or its third for a page most of whose kind is seen once (`seenOnce`: one product page among tens
 * of thousands, which most often gets a view or two signed in before it expires, and whose pieces would cost the
 * thread pool more than compressing those answers does). Starting at the third rather than the second: signed-in
 * product pages at 20 connections, alternating servers, 684-707 against 613-630 req/s, the other threads' CPU 863-865
 * against 1,002-1,037 µs a page; `--mixed`, 372-376 against 348-352 req/s per population, p95 46 against 51-55 ms.
 */
export function templateWanted(hit: Entry): boolean {
  const sent = (untemplated.get(hit.body) ?? 0) + 1;
  untemplated.set(hit.body, sent);
  return sent === (hit.seenOnce ? 3 : 1);
}

/**
 * A kept visitor page as `shopper` gets it (`x-page-cache: HIT`, or `MISS` for the render that kept it). With `zipped`
 * (the page's gzip template, for a request that accepts gzip) the answer is one gzip stream joined from its pieces and
 * the shopper's own (server/http/encoded-page.ts); with `'br'` their page compressed in brotli at once (a page up to
 * `COMPRESS_NOW_BYTES`, for a request that accepts brotli); otherwise text, which server/serve.mjs compresses on the way
 * out.
 */
export function shopperAnswer(hit: Entry, shopper: Shopper, zipped: GzipTemplate | 'br' | null = null, marker: Marker = 'HIT'): Answer {
  const mine = partsOf(shopper);
  const encoding = zipped === 'br' ? 'br' : zipped ? 'gzip' : null;
  const shared = answerHeaders(hit, `${marker} shopper${encoding ? ` ${encoding}` : ''}`, (h) => {
    h.delete('content-length');
    h.delete('etag');
    h.set('cache-control', 'private, no-store');
    h.set('x-page-cache', marker);
    if (encoding) h.set('content-encoding', encoding);
  });
  if (zipped === 'br') {
    const body = brotliNow(joined(templateOf(hit.body), mine.raw));
    return { headers: new Map(shared).set('content-length', String(body.byteLength)), body };
  }
  if (zipped) {
    mine.gzip ??= mine.raw.map(gzipPieceSync);
    const own = mine.gzip;
    const body = gzipChunks(zipped.map((piece) => (typeof piece === 'number' ? own[piece]! : piece)));
    const headers = new Map(shared).set('content-length', String(body.reduce((n, chunk) => n + chunk.byteLength, 0)));
    return { headers, body };
  }
  return { headers: shared, body: joined(templateOf(hit.body), mine.raw) };
}

/** `shopperAnswer` as a Response. */
export const shopperPageOf = (hit: Entry, shopper: Shopper, zipped: GzipTemplate | null = null): Response =>
  responseOf(shopperAnswer(hit, shopper, zipped));

/** A just-rendered visitor page that was not kept as `shopper` gets it: never kept by a shared cache. */
export async function personalizeResponse(response: Response, shopper: Shopper): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const body = joined(cut(new Uint8Array(await response.arrayBuffer())), partsOf(shopper).raw);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: privateHeaders(response.headers) });
}
