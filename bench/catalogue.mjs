// Catalogue HTTP bench: server response times (p50/p95/p99, full response over loopback keep-alive) for the
// home, search with filters, category, product detail, store, flash-sale detail and presale detail pages at 20 concurrent connections, on the
// 50,000-product mall. Prints figures; it never fails on a threshold.
//   npm run build && npm run bench:catalogue                 -> builds .bench-data (once, ~40 s), then measures
//   npm run bench:catalogue -- --requests 1000 --concurrency 20 --url http://127.0.0.1:4321
// With DATABASE_URL set, the large mall is built in (and read from) that PostgreSQL database instead.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const REQUESTS = Number(opt('requests', 400));
const CONCURRENCY = Number(opt('concurrency', 20));
const PRODUCTS = Number(opt('products', 50000));
const MERCHANTS = Number(opt('merchants', 200));
const DATA_DIR = opt('data-dir', '.bench-data');
// `--buying 2`: meanwhile a shopper places (and cancels) 2 orders a second, as in a mall where people buy: each order
// changes stock and sales, which the page and read caches must survive where they can.
const BUYING = Number(opt('buying', 0));
// `--only product,search`: measure just these page kinds.
const ONLY = opt('only', '').split(',').filter(Boolean);
// `--warm-up N`: before measuring, N requests per page kind (at the same concurrency) for pages of that kind under
// other addresses (a `warm-up` query parameter the pages do not read, so none of them is kept for the measured
// requests): the server's JIT and the database's caches are then warm, as in a server that has been running for a
// while. A freshly started server answers product pages about a quarter slower for its first thousand. 0: only the
// 40 requests per kind of before.
const WARM_UP = Number(opt('warm-up', 1000));
let base = opt('url', '');
// `--pid N` with `--url`: the process id of that server, for the CPU columns (a server this script starts is measured anyway).
const SERVER_PID = Number(opt('pid', 0));

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

let server;
if (!base) {
  if (!existsSync(new URL('../dist/server/entry.mjs', import.meta.url))) {
    console.error('No build found: run "npm run build" first.');
    process.exit(1);
  }
  const marker = `${DATA_DIR}/.large-${PRODUCTS}-${MERCHANTS}`;
  if (!process.env.DATABASE_URL) process.env.DATA_DIR = DATA_DIR;
  if (process.env.DATABASE_URL || !existsSync(marker)) {
    console.log(`[bench] building the ${PRODUCTS}-product mall in ${process.env.DATABASE_URL ? 'PostgreSQL' : DATA_DIR} …`);
    const r = spawnSync('npx', ['tsx', 'scripts/seed-large.ts', String(PRODUCTS), String(MERCHANTS)], {
      stdio: 'inherit',
      env: process.env,
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
    if (!process.env.DATABASE_URL) writeFileSync(marker, new Date().toISOString());
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The server runs in its own process, so the figures are its time, not shared with this load generator.
  server = spawn(process.execPath, ['server/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SITE_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let ready = false; !ready; ) {
    if (server.exitCode !== null) process.exit(1);
    ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  server.exited = exited;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

// `--signed-in`: every request as the demo member, with the session cookie a browser sends (signed-in shoppers share
// the visitor pages, with their header put in).
/** A session token of the demo member (undefined when the sign-in fails). */
async function signInDemoMember() {
  const res = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: '8613800138000', phone_code: '86', password: 'mall123456' }),
  });
  return (await res.json()).data?.token;
}

// `--mixed`: visitors and the signed-in demo member in one run, request by request (every other request signed in,
// drawn from the same addresses), each with its own row: the two share the server, its caches and the machine's speed
// of the moment, so they compare without the drift between two runs (±20 % between runs on a shared 2-core machine).
const MIXED = argv.includes('--mixed');
const headers = { 'accept-encoding': 'br, gzip' };
const signedHeaders = { ...headers };
if (argv.includes('--signed-in') || MIXED) {
  const token = await signInDemoMember();
  if (!token) {
    console.error('[bench] could not sign in the demo member');
    process.exit(1);
  }
  signedHeaders.cookie = `auth._token.local=${encodeURIComponent(token)}`;
  if (!MIXED) headers.cookie = signedHeaders.cookie;
}
/** The headers of request number `i`: in a mixed run every odd one is signed in. */
const headersOf = (i) => (MIXED && i % 2 ? signedHeaders : headers);

/** One GET; resolves with status and milliseconds to the last byte. */
function hit(path, h = headers) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(new URL(path, base), { agent, headers: h }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, hit: res.headers['x-page-cache'] === 'HIT' }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0, hit: false }));
  });
}

async function getJson(path) {
  try {
    const res = await fetch(new URL(path, base));
    return (await res.json()).data;
  } catch {
    return null;
  }
}

// Ids spread over the whole mall (seeded ids are deterministic: demo 1-600, large from 1001).
const rand = (n) => Math.floor(Math.random() * n);
const pick = (a) => a[rand(a.length)];
// The demo's ids include products off the shelf and flash-sale or presale copies, which have no /goods_detail page:
// only demo ids whose product detail answers are drawn, so the figures are of pages shoppers get.
const demoIds = [];
for (let from = 1; from <= 600; from += 50) {
  const batch = Array.from({ length: 50 }, (_, i) => from + i);
  const found = await Promise.all(batch.map(async (id) => ((await getJson(`/api/store/product/detail/${id}`))?.product_id ? id : 0)));
  demoIds.push(...found.filter(Boolean));
}
const productIds = (() => {
  const ids = [];
  for (let i = 0; i < 2000; i++) ids.push(i % 10 === 0 && demoIds.length ? pick(demoIds) : 1001 + rand(PRODUCTS - 600));
  return ids;
})();
const cats = await getJson('/api/store/product/category/lst');
const tree = Array.isArray(cats) ? cats : (cats?.list ?? []);
const flat = [];
(function walk(nodes) {
  for (const n of nodes ?? []) {
    flat.push(n.store_category_id);
    walk(n.children);
  }
})(tree);
const categoryIds = flat.length ? flat : Array.from({ length: 60 }, (_, i) => i + 1);
// Flash-sale products of the current session and presales of every phase (the demo mall's; the large mall adds none).
const seckillIds = ((await getJson('/api/store/product/seckill/lst?page=1&limit=50'))?.list ?? []).map((p) => p.product_id);
const presellIds = [];
for (const type of [0, 1, 2]) {
  const page = await getJson(`/api/store/product/presell/lst?page=1&limit=50&type=${type}`);
  presellIds.push(...(page?.list ?? []).map((p) => p.product_presell_id));
}
const keywords = ['手机', '耳机', '茶', '连衣裙', '咖啡', '运动', '电脑', '面膜', '儿童', '家居'];

const groups = {
  home: () => '/',
  search: () =>
    `/goods_search?${new URLSearchParams({ title: pick(keywords), price_on: '10', price_off: '5000', order: pick(['', 'sales', 'price_asc', 'price_desc']), page: String(1 + rand(3)) })}`,
  category: () => `/goods_cate?${new URLSearchParams({ sid: String(pick(categoryIds)), page: String(1 + rand(5)) })}`,
  product: () => `/goods_detail/${pick(productIds)}`,
  store: () => `/store?id=${1 + rand(MERCHANTS)}`,
  seckill: () => `/goods_seckill_detail/${seckillIds.length ? pick(seckillIds) : 1}`,
  presell: () => `/goods_presell_detail/${presellIds.length ? pick(presellIds) : 1}`,
};

/**
 * The buying shopper (`--buying N`): the demo member buys one piece of a demo product N times a second (buy now, check
 * out, submit) and cancels each order, so stock comes back. Runs until stopped; counts the orders placed.
 */
async function startBuying(perSecond) {
  const post = async (path, token, body) => {
    const res = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const token = await signInDemoMember();
  const skus = [];
  for (let id = 1; skus.length < 30 && id <= 600; id += 7) {
    const d = await getJson(`/api/store/product/detail/${id}`);
    const sku = d && !d.once_min_count && !d.once_max_count && Object.values(d.sku ?? {}).find((s) => s.stock > 5);
    if (sku) skus.push({ product_id: id, unique: sku.unique });
  }
  const state = { orders: 0, failed: 0, stop: false };
  if (!token || !skus.length) {
    console.error('[bench] --buying: could not sign in the demo member or find products to buy');
    return state;
  }
  state.done = (async () => {
    while (!state.stop) {
      const started = performance.now();
      const sku = pick(skus);
      try {
        const line = await post('/api/user/cart/create', token, {
          product_id: sku.product_id,
          product_attr_unique: sku.unique,
          cart_num: 1,
          is_new: 1,
          product_type: 0,
        });
        const body = { cart_id: [line.data.cart_id] };
        const check = await post('/api/v2/order/check', token, body);
        const order = await post('/api/v2/order/create', token, { ...body, key: check.data.key });
        if (order.status !== 200) throw new Error(order.message);
        state.orders++;
        await post(`/api/order/cancel/${order.data.order_id}`, token, {});
      } catch {
        state.failed++;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / perSecond - (performance.now() - started))));
    }
  })();
  return state;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// The yardstick, measured first against the same server process: a hashed static asset (the first /_astro/ file the
// home page links), precompressed, with the same headers; since 2026-11-28 written from memory after its first answer
// (before, sirv read the file on the thread pool at every request: the yardstick went from about 2,100 to 5,700 req/s
// here, so page kinds' shares of it from earlier runs are about 2.6 times those of later ones). Each page kind's
// throughput is also printed as a share of it, so the figures mean the same on a faster or slower machine.
const homeHtml = await fetch(new URL('/', base))
  .then((r) => r.text())
  .catch(() => '');
const staticPath = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(homeHtml)?.[1];

/**
 * Nanoseconds the server's threads have run (Linux `/proc/<pid>/task/<tid>/schedstat`), when this script started the server
 * or was given its process id (`--pid`, with `--url`):
 * `main`, the thread every page waits for (per request it is steadier than req/s on a machine whose speed varies), and
 * `other`, every other thread of the server: the embedded database's (PGlite), the garbage collector's helpers and the
 * thread pool's (compression), which share the machine's cores with it.
 */
function serverCpuNs() {
  const pid = server?.pid ?? SERVER_PID;
  if (!pid) return { main: Number.NaN, other: Number.NaN };
  try {
    let main = 0;
    let other = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const ns = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      if (task === String(pid)) main = ns;
      else other += ns;
    }
    return { main, other };
  } catch {
    return { main: Number.NaN, other: Number.NaN };
  }
}

/**
 * The machine's CPU time, all cores (Linux `/proc/stat`, in clock ticks): `idle` (idle and waiting for I/O) and `all`. Their
 * change over a run says how much of the machine no one used: near 0 %, the server and this load generator, which share the
 * cores, had all of them, and a faster page needs less CPU, not more connections.
 */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const t = fields.map(Number);
    return { idle: t[3] + t[4], all: t.reduce((a, b) => a + b, 0) };
  } catch {
    return { idle: Number.NaN, all: Number.NaN };
  }
}

/** `n` requests from `next` at the bench's concurrency, their answers not measured. */
async function warm(next, n) {
  let issued = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < n) {
        await hit(next(), headersOf(issued++));
      }
    }),
  );
}

/** `path` under another page-cache key: the same page, which is not kept for `path` (the pages do not read `warm-up`). */
const elsewhere = (path) => `${path}${path.includes('?') ? '&' : '?'}warm-up=1`;

/** `REQUESTS` requests from `next`: the figures of each population (visitors, and signed in in a mixed run). */
async function measure(next) {
  for (let i = 0; i < CONCURRENCY * 2; i++) await hit(next(), headersOf(i)); // warm the caches and the JIT
  const cpu0 = serverCpuNs();
  const own0 = process.cpuUsage();
  const ticks0 = machineTicks();
  const runs = Array.from({ length: MIXED ? 2 : 1 }, () => ({ times: [], statuses: {}, hits: 0 }));
  let issued = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < REQUESTS) {
        const i = issued++;
        const r = await hit(next(), headersOf(i));
        const run = runs[i % runs.length];
        run.times.push(r.ms);
        if (r.hit) run.hits++;
        run.statuses[r.status] = (run.statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = serverCpuNs();
  const own = process.cpuUsage(own0);
  const ticks1 = machineTicks();
  const cpuUs = (cpu1.main - cpu0.main) / 1000 / REQUESTS;
  const otherUs = (cpu1.other - cpu0.other) / 1000 / REQUESTS;
  const loadUs = (own.user + own.system) / REQUESTS;
  const idle = (100 * (ticks1.idle - ticks0.idle)) / (ticks1.all - ticks0.all);
  return runs.map((run) => ({
    ...run,
    times: run.times.sort((a, b) => a - b),
    rps: run.times.length / wall,
    cpuUs,
    otherUs,
    loadUs,
    idle,
  }));
}

const measured = Object.entries(groups).filter(([n]) => !ONLY.length || ONLY.includes(n));
if (WARM_UP > 0) {
  const t = performance.now();
  for (const [, next] of measured) await warm(() => elsewhere(next()), WARM_UP);
  console.log(
    `[bench] warmed up: ${WARM_UP} requests per page kind to other addresses of the same pages (${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
}
console.log(
  `[bench] ${base}: ${REQUESTS} requests per page kind at ${CONCURRENCY} concurrent connections${MIXED ? ', every other one signed in (rows "+ signed in"; req/s: each row its own half)' : headers.cookie ? ' (signed in)' : ''}`,
);
// cpu µs: the server's main thread per request; other µs: its other threads (database, garbage collector, thread pool);
// load µs: this load generator's own CPU per request (it shares the machine); idle: the machine's CPU no one used.
console.log(`${'page'.padEnd(11)}   p50 ms   p95 ms   p99 ms    req/s  of static  cached  cpu µs other µs load µs  idle   statuses`);
const f = (v) => v.toFixed(1).padStart(8);
const us = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-');
const row = (name, m, ratio) =>
  console.log(
    `${name.padEnd(11)} ${f(pct(m.times, 50))} ${f(pct(m.times, 95))} ${f(pct(m.times, 99))} ${m.rps.toFixed(0).padStart(8)} ${ratio.padStart(10)} ${`${Math.round((100 * m.hits) / m.times.length)}%`.padStart(7)} ${us(m.cpuUs).padStart(7)} ${us(m.otherUs).padStart(8)} ${us(m.loadUs).padStart(7)} ${(Number.isFinite(m.idle) ? `${m.idle.toFixed(0)}%` : '-').padStart(5)}   ${JSON.stringify(m.statuses)}`,
  );
let staticRps = 0;
if (staticPath) {
  const runs = await measure(() => staticPath);
  const all = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const statuses = {};
  for (const r of runs) for (const [k, n] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  const m = { ...runs[0], times: all, statuses, rps: runs.reduce((n, r) => n + r.rps, 0), hits: 0 };
  staticRps = m.rps;
  row('static', m, '100 %');
} else console.log('static   (no /_astro/ asset linked from the home page: no yardstick)');
const buying = BUYING > 0 ? await startBuying(BUYING) : null;
const buyingSince = performance.now();
for (const [name, next] of measured) {
  const runs = await measure(next);
  for (const [i, m] of runs.entries()) row(i ? '+ signed in' : name, m, staticRps ? `${((100 * m.rps) / staticRps).toFixed(1)} %` : '-');
}
if (buying) {
  buying.stop = true;
  await buying.done;
  const seconds = (performance.now() - buyingSince) / 1000;
  console.log(
    `[bench] meanwhile ${buying.orders} orders placed and cancelled (${(buying.orders / seconds).toFixed(1)} a second), ${buying.failed} failed`,
  );
}
agent.destroy();
if (server) {
  server.kill('SIGTERM'); // closes the database cleanly
  await server.exited;
}
process.exit(0);
