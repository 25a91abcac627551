// JS budget bench: how much JavaScript a shopper downloads before touching the page, and after the first
// interaction hydrates the `client:interact` islands. Prints figures; it never fails on a threshold.
//   npm run bench:js                        -> measures `/` on a freshly started mall (in-memory database)
//   npx node bench/js-budget.mjs / /store?id=1 --url http://127.0.0.1:4321   -> an already-running server
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const TARGET_GZIP = 15 * 1024; // "≤ 15 KB gzip JS before first interaction" on the home page
const MIN_IDLE_MS = 3000; // idle-time loaders (requestIdleCallback, timers) must get a chance to fire
const QUIET_MS = 1500;
const MAX_WAIT_MS = 10000;

// ---- arguments: paths, plus optional --url to skip starting our own server
const argv = process.argv.slice(2);
let externalUrl = '';
const paths = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--url') externalUrl = argv[++i] ?? '';
  else if (argv[i].startsWith('--url=')) externalUrl = argv[i].slice(6);
  else paths.push(argv[i]);
}
if (!paths.length) paths.push('/');

let server = null;
let baseUrl = externalUrl.replace(/\/+$/, '');
if (!baseUrl) {
  if (!existsSync(`${root}dist/server/entry.mjs`)) {
    console.error('dist/server/entry.mjs is missing: run "npm run build" first, then rerun "npm run bench:js".');
    process.exit(1);
  }
  // Ask the OS for a free loopback port; the URL must be known before the server module is imported.
  const probe = createServer();
  await new Promise((res, rej) => probe.once('error', rej).listen(0, '127.0.0.1', res));
  const { port } = probe.address();
  await new Promise((res) => probe.close(res));
  baseUrl = `http://127.0.0.1:${port}`;
  // The server config is read once at import time, so the environment has to be in place first.
  process.env.DATA_DIR = 'memory://';
  process.env.SITE_URL = baseUrl;
  try {
    const { startServer } = await import('../server/serve.mjs');
    ({ server } = await startServer({ host: '127.0.0.1', port }));
  } catch (err) {
    console.error(`Could not start the mall for the bench: ${err.message}`);
    process.exit(1);
  }
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

/** Inline <script> bodies (no src); JSON data blocks are not JavaScript and are left out. */
function inlineScripts(html) {
  const bodies = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    bodies.push(body);
  }
  const buf = Buffer.from(bodies.join('\n'));
  return { count: bodies.length, raw: buf.length, gzip: bodies.length ? gz(buf) : 0 };
}

function sum(records) {
  const total = (k) => records.reduce((a, r) => a + r[k], 0);
  const list = records.map(({ url, raw, gzip, transferred, encoding }) => ({ url, raw, gzip, transferred, encoding }));
  return { files: records.length, raw: total('raw'), gzip: total('gzip'), transferred: total('transferred'), list };
}

/** Resolves once at least `minMs` passed and no request started for QUIET_MS with none in flight (capped). */
async function networkQuiet(net, minMs = 0) {
  const start = Date.now();
  while (Date.now() - start < MAX_WAIT_MS) {
    const now = Date.now();
    if (now - start >= minMs && net.inflight <= 0 && now - net.lastStart >= QUIET_MS) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true; // capped: something kept the network busy (reported, not fatal)
}

async function measure(browser, path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const net = { inflight: 0, lastStart: Date.now() };
  const pending = []; // one promise per response, settled with its sizes and decoded body
  page.on('request', () => {
    net.inflight++;
    net.lastStart = Date.now();
  });
  page.on('requestfinished', () => net.inflight--);
  page.on('requestfailed', () => net.inflight--);
  page.on('response', (response) => {
    // A response that never ends (event stream, hung request) must not hang the bench: it is dropped.
    const timeout = new Promise((res) => setTimeout(res, MAX_WAIT_MS, null).unref());
    pending.push(
      Promise.race([
        timeout,
        (async () => {
          const req = response.request();
          const mime = (response.headers()['content-type'] || '').toLowerCase();
          const kind =
            req.resourceType() === 'script' || mime.includes('javascript')
              ? 'js'
              : req.resourceType() === 'stylesheet' || mime.includes('text/css')
                ? 'css'
                : 'other';
          const body = await response.body().catch(() => Buffer.alloc(0)); // redirects have no body
          // DevTools-style "transferred": encoded body as it came off the wire plus response headers.
          const sizes = await req.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
          return {
            url: response.url(),
            kind,
            navigation: req.isNavigationRequest() && req.frame() === page.mainFrame(),
            raw: body.length,
            gzip: body.length ? gz(body) : 0,
            body,
            transferred: sizes.responseBodySize + sizes.responseHeadersSize,
            encoding: response.headers()['content-encoding'] || 'identity',
          };
        })(),
      ]),
    );
  });
  const settled = async () => (await Promise.all(pending)).filter((r) => r?.url.startsWith('http'));

  const result = { path, url: baseUrl + path };
  try {
    const response = await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 30000 });
    result.status = response?.status() ?? 0;
    result.idleCapped = await networkQuiet(net, MIN_IDLE_MS);
    const before = await settled();
    const doc = before.find((r) => r.navigation) ?? { raw: 0, gzip: 0, transferred: 0, encoding: '-', body: Buffer.alloc(0) };
    result.html = { raw: doc.raw, gzip: doc.gzip, transferred: doc.transferred, encoding: doc.encoding };
    result.inlineScripts = inlineScripts(doc.body.toString('utf8'));
    result.jsBefore = sum(before.filter((r) => r.kind === 'js'));
    result.cssBefore = sum(before.filter((r) => r.kind === 'css'));

    // First interaction: what `client:interact` listens for (pointerover + focusin), island by island.
    const islands = page.locator('astro-island');
    result.islands = await islands.count();
    for (let i = 0; i < result.islands; i++) {
      const island = islands.nth(i);
      const target = island.locator('*').filter({ visible: true }).first(); // the island itself is display:contents
      if (await target.count()) {
        // A covered or off-layout element cannot be hovered for real; a bubbling pointerover still counts.
        await target.hover({ timeout: 2000 }).catch(() => target.dispatchEvent('pointerover').catch(() => {}));
      }
      const focusable = island
        .locator('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')
        .filter({ visible: true })
        .first();
      if (await focusable.count()) await focusable.focus({ timeout: 2000 }).catch(() => {});
    }
    result.idleCappedAfter = await networkQuiet(net);
    const after = await settled();
    result.hydrated = await page.locator('astro-island:not([ssr])').count();
    result.jsAfter = sum(after.filter((r) => r.kind === 'js'));
  } catch (err) {
    result.error = err.message.split('\n')[0];
  } finally {
    await context.close();
  }
  return result;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results = [];
try {
  for (const path of paths) results.push(await measure(browser, path));
} finally {
  await browser.close();
}

// ---- report
const header = [
  'page',
  'status',
  'html raw / xfer',
  'js before: files raw gzip xfer',
  'js after: files raw gzip xfer',
  'css xfer',
  'inline js raw / gzip',
  'islands hydrated',
];
const rows = results.map((r) =>
  r.error
    ? [r.path, 'ERR', r.error, '', '', '', '', '']
    : [
        r.path,
        String(r.status),
        `${kb(r.html.raw)} / ${kb(r.html.transferred)} KB (${r.html.encoding})`,
        `${r.jsBefore.files}  ${kb(r.jsBefore.raw)}  ${kb(r.jsBefore.gzip)}  ${kb(r.jsBefore.transferred)} KB`,
        `${r.jsAfter.files}  ${kb(r.jsAfter.raw)}  ${kb(r.jsAfter.gzip)}  ${kb(r.jsAfter.transferred)} KB`,
        `${kb(r.cssBefore.transferred)} KB`,
        `${kb(r.inlineScripts.raw)} / ${kb(r.inlineScripts.gzip)} KB`,
        `${r.hydrated}/${r.islands}`,
      ],
);
// Paths like /goods_search?title=手机 hold double-width characters: pad by terminal columns, not code units.
const cols = (s) =>
  [...s].reduce((n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60\uffe0-\uffe6]/.test(c) ? 2 : 1), 0);
const widths = header.map((h, i) => Math.max(cols(h), ...rows.map((row) => cols(row[i]))));
const line = (cells) => cells.map((c, i) => c + ' '.repeat(widths[i] - cols(c))).join(' | ');
console.log(`\nJS budget at ${baseUrl} (KB = 1024 bytes; gzip = our own gzip -9 of decoded bodies; xfer = wire bytes incl. headers)\n`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
for (const r of results)
  if (r.idleCapped || r.idleCappedAfter) console.log(`note: ${r.path} never went network-quiet within ${MAX_WAIT_MS / 1000} s`);

// The target counts every byte of JS that runs before interaction: JS files plus inline scripts.
const home = results.find((r) => r.path === '/');
let verdict = null;
if (home && !home.error && home.status >= 200 && home.status < 300) {
  const total = home.jsBefore.gzip + home.inlineScripts.gzip;
  verdict = {
    target: '≤ 15 KB gzip JS before first interaction',
    gzipFiles: home.jsBefore.gzip,
    gzipInline: home.inlineScripts.gzip,
    total,
    met: total <= TARGET_GZIP,
  };
  console.log(
    `\nHome page: ${kb(total)} KB gzip JS before first interaction (files ${kb(home.jsBefore.gzip)} + inline ${kb(home.inlineScripts.gzip)})` +
      ` -> target ≤ 15 KB ${verdict.met ? 'MET' : 'NOT MET'}`,
  );
} else {
  // An error page ships next to no JS: calling that "met" would be a false reassurance.
  const why = !home ? 'not measured' : home.error ? `failed (${home.error})` : `answered HTTP ${home.status}`;
  console.log(`\nHome page (/) ${why}: no verdict on the ≤ 15 KB gzip target.`);
}

await mkdir(`${root}reports`, { recursive: true });
const out = `${root}reports/bench-js.json`;
await writeFile(
  out,
  JSON.stringify({ generatedAt: new Date().toISOString(), baseUrl, homeTarget: verdict, pages: results }, null, 2) + '\n',
);
console.log(`Figures written to ${out}`);

if (server) {
  server.closeAllConnections?.();
  await new Promise((res) => server.close(res));
}
process.exit(0); // the PGlite handle keeps the event loop alive otherwise
