// Lighthouse (desktop) scores per page: performance, accessibility, best practices, SEO.
// A bench that prints figures, not a test. Usage:
//   npm run build && npm run bench:lighthouse [paths…] [--url http://host:port]
// Without --url it starts the built mall on a fresh in-memory database on a free loopback port.
import { writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const args = process.argv.slice(2);
const urlFlag = args.indexOf('--url');
const external = urlFlag >= 0 ? args.splice(urlFlag, 2)[1] : null;
const paths = args.length ? args : ['/'];

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** One line for a finding of an audit: the element's selector and snippet, a console message, or a URL. */
function describeItem(item) {
  const node = item.node ?? item.subItems?.items?.[0]?.relatedNode;
  if (node) return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 200);
  return (
    [item.description, item.sourceLocation?.url ?? item.url].filter(Boolean).join(' ').slice(0, 200) || JSON.stringify(item).slice(0, 200)
  );
}

let base = external;
let server;
if (!base) {
  if (!existsSync(new URL('../dist/server/entry.mjs', import.meta.url))) {
    console.error('No build found: run "npm run build" first.');
    process.exit(1);
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  process.env.DATA_DIR = 'memory://';
  process.env.SITE_URL = base;
  ({ server } = await (await import('../server/serve.mjs')).startServer({ host: '127.0.0.1', port }));
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  for (const path of paths) {
    const result = await lighthouse(new URL(path, base).href, { port: chrome.port, output: 'json', logLevel: 'error' }, desktopConfig);
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    rows.push({
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
      failing,
      // What each failing audit points at (element, console message or URL), so a lost point can be traced.
      findings: Object.fromEntries(
        Object.values(result.lhr.audits)
          .filter((a) => failing.includes(a.id) && a.details?.items?.length)
          .map((a) => [a.id, a.details.items.slice(0, 8).map(describeItem)]),
      ),
    });
  }
} finally {
  await chrome.kill();
  server?.close();
}

console.log(`\nLighthouse ${desktopConfig.settings?.formFactor ?? 'desktop'} at ${base}\n`);
console.log('page'.padEnd(32), 'perf', 'a11y', 'bp ', 'seo', ' LCP ms', ' CLS ', 'TBT ms', ' audits below 0.9');
for (const r of rows) {
  console.log(
    r.path.padEnd(32),
    String(r.performance).padStart(4),
    String(r.accessibility).padStart(4),
    String(r.bestPractices).padStart(3),
    String(r.seo).padStart(3),
    String(r.lcpMs).padStart(7),
    String(r.cls).padStart(5),
    String(r.tbtMs).padStart(6),
    ' ',
    r.failing.join(', ') || '-',
  );
}
const SCORED = ['errors-in-console', 'target-size', 'color-contrast', 'heading-order', 'link-name', 'button-name', 'image-alt'];
for (const r of rows) {
  for (const [id, items] of Object.entries(r.findings)) {
    if (!SCORED.includes(id)) continue;
    console.log(`\n${r.path} ${id}:`);
    for (const line of items) console.log(`  ${line}`);
  }
}
await mkdir(new URL('../reports/', import.meta.url), { recursive: true });
await writeFile(new URL('../reports/bench-lighthouse.json', import.meta.url), JSON.stringify(rows, null, 2));
process.exit(0);
