import { cartCountHtml, shopperStateJson, topbarUserHtml } from '../../shared/shopper-header.ts';
import type { Shopper } from '../services/session/shopper-cache.ts';
import { toUserDto } from '../services/user/get-user.ts';
import { responseOf, type Answer, type Entry, type Marker } from './page-cache.ts';
import { gzipChunks, gzipPiece, gzipPieceSync, madeOnce, type GzipPiece } from './encoded-page.ts';

/**
 * A page rendered for visitors as a signed-in shopper gets it: their top bar (nickname, avatar, crown, 退出), cart
 * count and page state (user, cart count, `shared` so the browser fills in their marks). The visitor's parts are
 * found by the very strings the layout rendered them with (shared/shopper-header.ts): the top bar and the cart count
 * before the page content (`<main>`), the state after it, so content quoting them is never taken for them.
 */
const VISITOR_PARTS = [
  { html: topbarUserHtml(null), last: false },
  { html: cartCountHtml(0, false), last: false },
  { html: shopperStateJson(null, 0), last: true },
];

/** The shopper's replacements of VISITOR_PARTS, in order. */
function shopperParts(shopper: Shopper): string[] {
  const user = toUserDto(shopper.user);
  return [topbarUserHtml(user), cartCountHtml(shopper.cartCount, true), shopperStateJson(user, shopper.cartCount, true)];
}

/**
 * `html` cut around the visitor parts: [text, part index, text, part index, …, text]. A part the page does not
 * have (a page without the search bar has no cart count) is left out.
 */
function cut(html: string): (string | number)[] {
  const found: { at: number; end: number; part: number }[] = [];
  // The header ends where the content begins, and the state comes after the content ends.
  const main = html.indexOf('<main');
  const mainEnd = html.lastIndexOf('</main>');
  VISITOR_PARTS.forEach((p, part) => {
    const at = p.last ? html.lastIndexOf(p.html) : html.indexOf(p.html);
    const inPlace = p.last ? at > mainEnd : main < 0 || at + p.html.length <= main;
    if (at >= 0 && inPlace) found.push({ at, end: at + p.html.length, part });
  });
  found.sort((a, b) => a.at - b.at);
  const out: (string | number)[] = [];
  let from = 0;
  for (const f of found) {
    if (f.at < from) continue; // overlapping finds cannot happen with these parts; never cut twice
    out.push(html.slice(from, f.at), f.part);
    from = f.end;
  }
  out.push(html.slice(from));
  return out;
}

/** `html` (a visitor page) as `shopper` gets it. */
export function personalize(html: string, shopper: Shopper): string {
  const mine = shopperParts(shopper);
  return cut(html)
    .map((piece) => (typeof piece === 'number' ? mine[piece] : piece))
    .join('');
}

const encoder = new TextEncoder();
/** Kept pages cut once into encoded pieces, so each signed-in view of one only joins bytes. */
const templates = new WeakMap<ArrayBuffer, (Uint8Array | number)[]>();

function templateOf(body: ArrayBuffer): (Uint8Array | number)[] {
  let t = templates.get(body);
  if (!t) {
    t = cut(new TextDecoder().decode(body)).map((piece) => (typeof piece === 'number' ? piece : encoder.encode(piece)));
    templates.set(body, t);
  }
  return t;
}

const privateHeaders = (from: Headers | [string, string][]) => {
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

/** The gzip template of a kept page, made once (on its first signed-in answer, which waits for it). */
export function gzipTemplate(body: ArrayBuffer): GzipTemplate | Promise<GzipTemplate> {
  return madeOnce(gzipTemplates, body, () =>
    Promise.all(
      templateOf(body).map((piece) =>
        typeof piece === 'number' ? piece : piece.byteLength < SYNC_PIECE_BYTES ? gzipPieceSync(piece) : gzipPiece(piece),
      ),
    ),
  );
}

/**
 * A kept visitor page as `shopper` gets it (`x-page-cache: HIT`, or `MISS` for the render that kept it). With `zipped`
 * (the page's gzip template, for a request that accepts gzip) the answer is one gzip stream joined from its pieces and
 * the shopper's own (server/http/encoded-page.ts); otherwise text, which server/serve.mjs compresses on the way out.
 */
export function shopperAnswer(hit: Entry, shopper: Shopper, zipped: GzipTemplate | null = null, marker: Marker = 'HIT'): Answer {
  const mine = partsOf(shopper);
  const headers = privateHeaders(hit.headers);
  headers.set('x-page-cache', marker);
  headers.append('vary', 'Accept-Encoding');
  if (zipped) {
    mine.gzip ??= mine.raw.map(gzipPieceSync);
    const own = mine.gzip;
    const body = gzipChunks(zipped.map((piece) => (typeof piece === 'number' ? own[piece]! : piece)));
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(body.reduce((n, chunk) => n + chunk.byteLength, 0)));
    return { headers, body };
  }
  const body = Buffer.concat(templateOf(hit.body).map((piece) => (typeof piece === 'number' ? mine.raw[piece]! : piece)));
  return { headers, body };
}

/** `shopperAnswer` as a Response. */
export const shopperPageOf = (hit: Entry, shopper: Shopper, zipped: GzipTemplate | null = null): Response =>
  responseOf(shopperAnswer(hit, shopper, zipped));

/** A just-rendered visitor page (kept or not) as `shopper` gets it: never kept by a shared cache. */
export async function personalizeResponse(response: Response, shopper: Shopper): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = personalize(await response.text(), shopper);
  return new Response(html, { status: response.status, statusText: response.statusText, headers: privateHeaders(response.headers) });
}
