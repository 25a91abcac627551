// Checkout race bench: N shoppers (default 500, each with its own session) race to buy one flash-sale SKU with
// stock 50 through the real HTTP endpoints, against a server process of its own: first each makes a buy-now line
// and checks out, then all submit (create) at once; then the orders are paid, half by balance and half through the
// sandbox gateway (QR requested, confirmed as the payer's phone would, the gateway's signed notifications, each sent
// twice, reaching the shop).
// Prints orders created (must equal the stock, and the stock must end at 0: FAIL otherwise), requests per second,
// create latency p50/p95/p99, balance payments per second, notifications processed per second, and the exactly-once
// check read from the database afterwards (every order paid once, one ledger row per balance payment, one paid
// gateway payment per sandbox order, balances equal to their ledgers: FAIL otherwise). A bench, not a test: it never
// fails on a time.
//   npm run build && npm run bench:checkout -- --shoppers 500 --stock 50 --concurrency 50
// PGlite in a fresh directory by default; with DATABASE_URL set, that PostgreSQL database.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SHOPPERS = Number(opt('shoppers', 500));
const STOCK = Number(opt('stock', 50));
const CONCURRENCY = Number(opt('concurrency', 50));
const DATA_DIR = opt('data-dir', '.bench-checkout');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const env = { ...process.env };
if (!env.DATABASE_URL) {
  rmSync(DATA_DIR, { recursive: true, force: true });
  env.DATA_DIR = DATA_DIR;
}
console.log(`[bench] preparing ${SHOPPERS} shoppers on ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`} …`);
const prep = spawnSync('npx', ['tsx', 'scripts/bench-checkout-prep.ts', String(SHOPPERS), String(STOCK)], { env, encoding: 'utf8' });
if (prep.status !== 0) {
  console.error(prep.stderr);
  process.exit(1);
}
const { tokens, productId, unique } = JSON.parse(prep.stdout.trim().split('\n').pop());

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server/serve.mjs'], {
  env: { ...env, HOST: '127.0.0.1', PORT: String(port), SITE_URL: base, JOBS: 'off', PAY_WEIXIN: 'sandbox' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

async function call(token, path, body) {
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

const createTimes = [];
const orders = [];
let created = 0;
let requests = 0;
const reasons = new Map();
const refuse = (m) => reasons.set(m, (reasons.get(m) ?? 0) + 1);

/** Runs `fn` over `items` with CONCURRENCY requests in flight. */
async function pool(items, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let it = queue.shift(); it; it = queue.shift()) await fn(it);
    }),
  );
}

// Phase 1: every shopper puts the SKU in a buy-now line and checks out (stock is only checked here).
const ready = [];
await pool(tokens, async (token) => {
  const line = await call(token, '/api/user/cart/create', {
    product_id: productId,
    product_attr_unique: unique,
    cart_num: 1,
    is_new: 1,
    product_type: 1,
  });
  requests++;
  if (line.status !== 200) return refuse(line.message);
  const body = { cart_id: [line.data.cart_id] };
  const check = await call(token, '/api/v2/order/check', body);
  requests++;
  if (check.status !== 200) return refuse(check.message);
  ready.push({ token, body: { ...body, address_id: check.data.address?.address_id, key: check.data.key } });
});

// Phase 2: they all press "submit" at once; the stock is taken here.
const started = performance.now();
await pool(ready, async ({ token, body }) => {
  const t = performance.now();
  const order = await call(token, '/api/v2/order/create', body);
  createTimes.push(performance.now() - t);
  requests++;
  if (order.status === 200) {
    created++;
    orders.push({ token, id: order.data.order_id });
  } else refuse(order.message);
});
const refused = [...reasons.values()].reduce((a, b) => a + b, 0);
const seconds = (performance.now() - started) / 1000;
const creates = createTimes.length;
const detail = await (await fetch(`${base}/api/store/product/seckill/detail/${productId}`)).json();
const left = Object.values(detail.data?.sku ?? {}).find((s) => s.unique === unique)?.stock;

// Phase 3: pay. Half by balance (all at once, each order also paid a second time to show it is refused), half by
// the sandbox gateway: each shopper asks for a QR code, its phone confirms, and the notifications race in.
const byBalance = orders.filter((_, i) => i % 2 === 0);
const byQr = orders.filter((_, i) => i % 2 === 1);
let balancePaid = 0;
let t0 = performance.now();
await pool(
  byBalance.flatMap((o) => [o, o]),
  async ({ token, id }) => {
    const r = await call(token, `/api/order/pay/${id}`, { type: 'balance' });
    if (r.status === 200) balancePaid++;
  },
);
const balanceSeconds = (performance.now() - t0) / 1000;
const tickets = [];
await pool(byQr, async ({ token, id }) => {
  const r = await call(token, `/api/order/pay/${id}`, { type: 'weixinQr' });
  if (r.status === 200) tickets.push({ token, id, t: new URL(r.data.result.config).searchParams.get('t') });
});
t0 = performance.now();
await pool(tickets, async ({ t }) => {
  await call(null, '/api/sandbox/pay', { t, action: 'confirm' });
});
const pending = new Set(tickets.map((x) => x.id));
while (pending.size && performance.now() - t0 < 120_000) {
  await pool(
    [...pending].map((id) => tickets.find((x) => x.id === id)),
    async ({ token, id }) => {
      const r = await call(token, `/api/order/status/${id}`);
      if (r.data?.paid === 1) pending.delete(id);
    },
  );
}
const qrSeconds = (performance.now() - t0) / 1000;
// The gateway resends each notification once more after SANDBOX_RESEND_MS; give the resends time to arrive.
await new Promise((r) => setTimeout(r, Number(process.env.SANDBOX_RESEND_MS ?? 1500) + 1000));
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const verify = spawnSync('npx', ['tsx', 'scripts/bench-checkout-verify.ts', String(Math.min(...orders.map((o) => o.id)))], {
  env,
  encoding: 'utf8',
});
const v = verify.status === 0 ? JSON.parse(verify.stdout.trim().split('\n').pop()) : null;
if (!v) console.error(verify.stderr);
const received = v ? Object.values(v.notifications).reduce((a, b) => a + b, 0) : 0;
const payOk =
  !!v &&
  balancePaid === byBalance.length &&
  v.paidOrders === orders.length &&
  v.ledger === byBalance.length &&
  v.gatewayPaid === byQr.length &&
  (v.notifications.paid ?? 0) === byQr.length &&
  v.balanceDrift === 0;

createTimes.sort((a, b) => a - b);
const pct = (p) => createTimes[Math.min(createTimes.length - 1, Math.floor((p / 100) * createTimes.length))]?.toFixed(1);
const ok = created === STOCK && left === 0;
console.log(`[bench] ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${SHOPPERS} shoppers, stock ${STOCK}, concurrency ${CONCURRENCY}`);
console.log(`  orders created ${created} (expected ${STOCK}), stock left ${left} (expected 0)${ok ? '' : '  FAIL'}`);
console.log(`  refused ${refused}: ${[...reasons].map(([m, n]) => `${m} ×${n}`).join(', ')}`);
console.log(
  `  ${creates} creates racing in ${seconds.toFixed(1)} s = ${(creates / seconds).toFixed(0)} creates/s (${requests} requests in all)`,
);
console.log(`  create latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms (${createTimes.length} creates)`);
console.log(
  `  balance: ${balancePaid} of ${byBalance.length} orders paid (${byBalance.length} second attempts refused) in ${balanceSeconds.toFixed(1)} s = ${(
    (byBalance.length * 2) / balanceSeconds
  ).toFixed(0)} pay requests/s`,
);
const qrPaid = tickets.length - pending.size;
console.log(
  `  sandbox: ${qrPaid} of ${byQr.length} orders paid by notification in ${qrSeconds.toFixed(1)} s = ${(qrPaid / qrSeconds).toFixed(0)} notifications processed/s (confirm to paid); ${received} notifications received in all with the gateway's resends (${
    v
      ? Object.entries(v.notifications)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')
      : '?'
  })`,
);
console.log(
  `  exactly once: ${v?.paidOrders} orders paid of ${orders.length}, ${v?.ledger} balance ledger rows, ${v?.gatewayPaid} gateway payments paid, ${v?.balanceDrift} balances off their ledger${payOk ? '' : '  FAIL'}`,
);
process.exit(ok && payOk ? 0 : 1);
