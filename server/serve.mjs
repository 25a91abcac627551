// The production server: one Node process for pages, the JSON API and static assets.
// Astro runs in `middleware` mode; this file adds what the standalone adapter lacks: compression,
// long-lived caching of hashed assets, baseline security headers and a loud failure when the port is taken.
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import compression from 'compression';
import sirv from 'sirv';
import { BODY_LIMIT_BYTES } from './limits.mjs';

// React (and other libraries) pick their production builds from this, read when the built app is imported
// below: their development builds cost about a tenth of the server's time per page.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('../', import.meta.url));
const clientDir = `${root}dist/client`;
const entry = `${root}dist/server/entry.mjs`;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin',
};
// Pages get their hash-based policy from Astro; everything else (JSON, assets) gets a locked-down one.
const FALLBACK_CSP = "default-src 'none'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'";

function withSecurityHeaders(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    // Astro copies the Response's statusText, which its rendered error pages leave at 'OK' ("404 OK").
    const code = Number(args[0]);
    if (res.statusMessage === 'OK' && code !== 200) res.statusMessage = http.STATUS_CODES[code] ?? '';
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.hasHeader(k)) res.setHeader(k, v);
    if (!res.hasHeader('content-security-policy')) res.setHeader('content-security-policy', FALLBACK_CSP);
    if (process.env.HTTPS === '1' && !res.hasHeader('strict-transport-security')) {
      res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return writeHead.apply(this, args);
  };
}

/**
 * Static files of `dir` with their precompressed variants. sirv lists the files at start and streams them
 * without an error handler: a file removed since (a rebuild or deploy under a running server) would throw
 * out of the stream and stop the process. Such a request now fails on its own and is logged.
 */
export function staticFiles(dir) {
  const assets = sirv(dir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      // Vite's hashed file names never change content: cache them for a year.
      res.setHeader('cache-control', pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return (req, res, next) => {
    // Readable.pipe() announces itself on the destination before the file is opened.
    res.once('pipe', (src) => {
      src.once('error', (err) => {
        console.error(`[mallfront] static file ${req.url} failed: ${err.code ?? err.message}`);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
    });
    assets(req, res, next);
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A path whose %-escapes decode (Astro would log a stack trace for each one that does not). */
function wellEncoded(url = '/') {
  try {
    decodeURIComponent(url.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

/** A refusal (the API's envelope under /api, plain text elsewhere), answered before Astro (and before a byte of any body is read). */
function refuse(req, res, status, message, headers = {}) {
  const api = req.url?.startsWith('/api/');
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(api ? JSON.stringify({ status, message }) : `${status} ${message}`);
}

export async function createApp() {
  if (!existsSync(entry)) throw new Error('dist/server/entry.mjs is missing: run "npm run build" first.');
  const { handler } = await import(pathToFileURL(entry).href);
  const assets = staticFiles(clientDir);
  const compress = compression({ threshold: 1024 });
  return (req, res) => {
    withSecurityHeaders(res);
    if (!METHODS.has(req.method)) return refuse(req, res, 405, '不支持的请求方法', { allow: [...METHODS].join(', ') });
    if (!wellEncoded(req.url)) return refuse(req, res, 400, '请求地址格式不正确');
    // A body announced past the limit is not read at all: the connection is closed after the answer. (Bodies refused
    // later, while they stream, are drained instead: see drain() in src/server/http/envelope.ts.)
    if (Number(req.headers['content-length']) > BODY_LIMIT_BYTES) return refuse(req, res, 413, '请求内容过大', { connection: 'close' });
    // No `next` for Astro: unmatched paths then render src/pages/404.astro instead of falling through.
    assets(req, res, () => compress(req, res, () => handler(req, res)));
  };
}

/** Listens, then warms the database up through /api/health so the first shopper does not wait for it. */
export async function startServer({ host = process.env.HOST || '0.0.0.0', port = Number(process.env.PORT || 4321) } = {}) {
  const app = await createApp();
  const server = http.createServer(app);
  await new Promise((resolve, reject) => {
    server.once('error', (err) => {
      if (err.code === 'EADDRINUSE') {
        reject(new Error(`Port ${port} on ${host} is already in use. Stop the other process or start with PORT=<free port> npm start.`));
      } else reject(err);
    });
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const base = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`;
  const res = await fetch(`${base}/api/health`);
  if (!res.ok) throw new Error(`health check failed with HTTP ${res.status}`);
  console.log(`Mallfront is ready at http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}`);
  return { server, port: address.port, url: base };
}

/** Stops accepting requests and closes the database, so PGlite's files are left consistent. */
function stopOnSignals(server) {
  const stop = async () => {
    server.close();
    const database = await globalThis.__mallfrontDatabase;
    await database?.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  startServer()
    .then(({ server }) => stopOnSignals(server))
    .catch((err) => {
      console.error(`[mallfront] failed to start: ${err.message}`);
      process.exit(1);
    });
}
