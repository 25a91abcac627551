import { describe, it, expect, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cartCountHtml, shopperStateJson, topbarUserHtml } from '../../shared/shopper-header.ts';
import type { SessionUser } from '../services/context.ts';
import { gzipTemplate, madeGzipTemplate, personalizeResponse, shopperPageOf, templateWanted } from './shopper-page.ts';
import { hitAnswer } from './kept-page.ts';
import type { Answer } from './page-cache.ts';

const user: SessionUser = {
  uid: 7,
  nickname: '小<b>王</b>',
  avatar: '/uploads/a.webp',
  phone: '13800001111',
  phoneCode: '86',
  isOpenMember: true,
  isMoneyLevel: 2,
  scope: 'user',
};
const shopper = { user, cartCount: 4, unread: 3 };

/** A visitor page as the layout renders it, whose content quotes the visitor parts (a merchant's description could). */
const visitorPage = (withCart = true) =>
  `<header>${topbarUserHtml(null)}<a href="/shopping_cart">购物车${withCart ? cartCountHtml(0, false) : ''}</a></header>` +
  `<main><pre>${topbarUserHtml(null)} ${cartCountHtml(0, false)} ${shopperStateJson(null, 0)}</pre></main>` +
  `<script type="application/json" id="mall-state">{"page":{},${shopperStateJson(null, 0)}}</script>`;

describe('a shared visitor page as a signed-in shopper gets it', () => {
  it('has their top bar, cart count and state, and leaves the page content alone', async () => {
    const html = await (
      await personalizeResponse(new Response(visitorPage(), { headers: { 'content-type': 'text/html' } }), shopper)
    ).text();
    const [head, rest] = html.split('<main>');
    expect(head).toContain('<span data-nickname>小&lt;b&gt;王&lt;/b&gt;</span>');
    expect(head).toContain('data-member-crown');
    expect(head).toContain('src="/uploads/a.webp"');
    expect(head).toContain('data-logout');
    expect(head).not.toContain('data-login-link');
    expect(head).toContain('<span class="cart-link__count" data-cart-count>4</span>');
    // 消息 with their 3 unread customer-service messages.
    expect(head).toContain('<span class="topbar__badge" data-unread>3</span>');
    // The content still quotes the visitor's parts.
    expect(rest).toContain(`<pre>${topbarUserHtml(null)} ${cartCountHtml(0, false)} ${shopperStateJson(null, 0)}</pre>`);
    const state = JSON.parse(/<script type="application\/json" id="mall-state">(.*)<\/script>/.exec(html)![1]!);
    expect(state).toMatchObject({
      user: { uid: 7, nickname: '小<b>王</b>', phone: '138****1111' },
      cartCount: 4,
      unreadNum: 3,
      shared: true,
    });
    expect(html).not.toContain('"nickname":"小<b>');
  });

  it('is the same whether the page was kept or just rendered, and no shared cache keeps it', async () => {
    const body = new TextEncoder().encode(visitorPage(false)).buffer as ArrayBuffer;
    const headers: [string, string][] = [
      ['content-type', 'text/html'],
      ['content-length', String(body.byteLength)],
    ];
    const kept = shopperPageOf({ expires: Date.now() + 1000, body, headers }, shopper);
    const fresh = await personalizeResponse(new Response(body.slice(0), { headers }), shopper);
    const text = await kept.text();
    expect(text).toBe(await fresh.text());
    for (const r of [kept, fresh]) {
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      expect(r.headers.get('content-length')).toBeNull();
    }
    expect(kept.headers.get('x-page-cache')).toBe('HIT');
    // A page without the search bar has no cart count to fill.
    expect(text).not.toContain('data-cart-count>');
    expect(text).toContain(`${cartCountHtml(0, false)} ${shopperStateJson(null, 0)}</pre>`);
  });
});

describe('a shared page sent compressed to a signed-in shopper', () => {
  it("is one gzip stream of the page with their header, once the page's pieces are compressed", async () => {
    const body = new TextEncoder().encode(visitorPage() + '<footer>'.repeat(2000)).buffer as ArrayBuffer;
    const entry = { expires: Date.now() + 1000, body, headers: [['content-type', 'text/html']] as [string, string][] };
    const plain = await shopperPageOf(entry, shopper).text();
    // Made once: those asking while it is made wait for the same template, and later ones get it at once.
    const making = gzipTemplate(body);
    expect(gzipTemplate(body)).toBe(making);
    const template = await making;
    expect(gzipTemplate(body)).toBe(template);
    const zipped = shopperPageOf(entry, shopper, template);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(body.byteLength / 5);
    expect(gunzipSync(bytes).toString()).toBe(plain);
    // Another shopper on the same kept page gets their own header in the same shared pieces.
    const other = { user: { ...user, uid: 8, nickname: '小李', isOpenMember: false }, cartCount: 0, unread: 0 };
    const theirs = gunzipSync(Buffer.from(await shopperPageOf(entry, other, template).arrayBuffer())).toString();
    expect(theirs).toBe(await shopperPageOf(entry, other).text());
    expect(theirs).toContain('<span data-nickname>小李</span>');
    expect(theirs).not.toContain('小&lt;b&gt;');
    expect(theirs).toContain('<span class="topbar__badge" data-unread hidden>0</span>');
  });

  it('to a browser taking brotli is compressed at once until the page has its gzip template, which its first such answer starts', async () => {
    // A product page (most of which are seen once) starts it at its third; other pages at their first.
    for (const seenOnce of [true, false]) {
      const body = new TextEncoder().encode(visitorPage() + `<footer>${seenOnce}</footer>`.repeat(2000)).buffer as ArrayBuffer;
      const entry = { expires: Date.now() + 1000, body, headers: [['content-type', 'text/html']] as [string, string][], seenOnce };
      const plain = await shopperPageOf(entry, shopper).text();
      const answer = (accept: string) => {
        const found = hitAnswer(entry, shopper, accept);
        expect(found).not.toBeInstanceOf(Promise);
        const { headers, body } = found as Answer;
        const bytes = Buffer.concat(Array.isArray(body) ? body : [new Uint8Array(body)]);
        expect(headers.get('cache-control')).toBe('private, no-store');
        expect(Number(headers.get('content-length'))).toBe(bytes.byteLength);
        return { encoding: headers.get('content-encoding'), bytes };
      };
      const first = answer('gzip, deflate, br');
      expect(first.encoding).toBe('br');
      expect(brotliDecompressSync(first.bytes).toString()).toBe(plain);
      if (seenOnce) {
        await new Promise((resolve) => setImmediate(resolve));
        expect(madeGzipTemplate(body)).toBeNull();
        for (let n = 2; n <= 3; n++) {
          if (n === 3) {
            await new Promise((resolve) => setImmediate(resolve));
            expect(madeGzipTemplate(body)).toBeNull();
          }
          const later = answer('gzip, deflate, br');
          expect(later.encoding).toBe('br');
          expect(brotliDecompressSync(later.bytes).toString()).toBe(plain);
        }
      }
      await vi.waitFor(() => expect(madeGzipTemplate(body)).not.toBeNull());
      const joined = answer('gzip, deflate, br');
      expect(joined.encoding).toBe('gzip');
      expect(gunzipSync(joined.bytes).toString()).toBe(plain);
    }
  });

  it("starts a product page's template at its third answer made without one, another page's at its first", () => {
    const entry = (seenOnce: boolean) => ({
      expires: Date.now() + 1000,
      body: new ArrayBuffer(8),
      headers: [] as [string, string][],
      seenOnce,
    });
    const product = entry(true);
    expect([1, 2, 3, 4].map(() => templateWanted(product))).toEqual([false, false, true, false]);
    const shop = entry(false);
    expect([1, 2].map(() => templateWanted(shop))).toEqual([true, false]);
  });

  it('to a browser taking gzip but not brotli waits for the gzip template', async () => {
    const body = new TextEncoder().encode(visitorPage() + '<aside>'.repeat(2000)).buffer as ArrayBuffer;
    const entry = { expires: Date.now() + 1000, body, headers: [['content-type', 'text/html']] as [string, string][] };
    const found = hitAnswer(entry, shopper, 'gzip, deflate');
    expect(found).toBeInstanceOf(Promise);
    const { headers, body: chunks } = await found;
    expect(headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.concat(chunks as Uint8Array[])).toString()).toBe(await shopperPageOf(entry, shopper).text());
    expect(madeGzipTemplate(body)).not.toBeNull();
  });

  it("to a browser taking gzip but not brotli is text at a product page's render, which makes no gzip template", async () => {
    const body = new TextEncoder().encode(visitorPage() + '<section>'.repeat(2000)).buffer as ArrayBuffer;
    const entry = { expires: Date.now() + 1000, body, headers: [['content-type', 'text/html']] as [string, string][], seenOnce: true };
    const found = hitAnswer(entry, shopper, 'gzip, deflate', 'MISS');
    expect(found).not.toBeInstanceOf(Promise);
    const { headers, body: text } = found as Answer;
    expect(headers.get('content-encoding')).toBeUndefined();
    expect(headers.get('x-page-cache')).toBe('MISS');
    expect(Buffer.from(text as Uint8Array).toString()).toBe(await shopperPageOf(entry, shopper).text());
    expect(madeGzipTemplate(body)).toBeNull();
  });
});
