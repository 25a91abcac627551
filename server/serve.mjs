// The production server: one Node process for pages, the JSON API and static assets.
// Astro runs in `middleware` mode; this file adds what the standalone adapter lacks: compression,
// long-lived caching of hashed assets, baseline security headers and a loud failure when the port is taken.
import cluster from 'node:cluster';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import compression from 'compression';
import sirv from 'sirv';
import { BODY_LIMIT_BYTES } from './limits.mjs';
import { brotliParams, QUICK_QUALITY } from './brotli.mjs';

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

/** A request path's first segment (`/_astro` of `/_astro/a.js?v=1`, `/` of `/?page=2`). */
function firstSegment(url) {
  let i = 1;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) break; // '/', '?', '#'
  }
  return url.slice(0, i);
}

/** Static files kept in memory after their first answer: larger ones are always read from disk by sirv. */
const KEEP_STATIC_BYTES = 1024 * 1024;

/**
 * Static files of `dir` with their precompressed variants. sirv lists the files at start and streams them
 * without an error handler: a file removed since (a rebuild or deploy under a running server) would throw
 * out of the stream and stop the process. Such a request now fails on its own and is logged.
 *
 * Only paths under a name `dir` holds at its top (`/_astro`, `/images`, `/favicon.svg`...) are looked up: sirv tries a
 * dozen names per request (the path with each extension and index file, in each encoding), which was 4 % of the
 * main thread's time for every page served from the page cache. A segment written with escapes goes to sirv as well.
 *
 * sirv opens, reads and closes the file on the thread pool at every request, with a buffer of the file's size: a
 * static file cost more CPU than a kept page. Its first full answer for a path and an `Accept-Encoding` kind (brotli,
 * gzip, neither) is therefore kept, headers as sirv wrote them and the bytes of the file it chose, and later ones are
 * written from memory, with the same 304 for a matching `If-None-Match`; range requests still go to sirv. The files
 * are the build's (`dist/client`, 1.7 MB): what a running server answers does not change until it restarts.
 */
export function staticFiles(dir) {
  // Also each top name as sirv finds it from a request: without its encoding suffix and without .html (`/about` for about.html).
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const tops = new Set(names.flatMap((name) => [`/${name}`, `/${name.replace(/(\.html?)?(\.br|\.gz)?$/, '')}`]));
  if (tops.has('/index')) tops.add('/');
  const assets = sirv(dir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      // Vite's hashed file names never change content: cache them for a year.
      res.setHeader('cache-control', pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  /** Answers kept, by path and encoding kind: `{ headers, body }`. */
  const kept = new Map();
  return (req, res, next) => {
    const url = req.url ?? '/';
    const top = firstSegment(url);
    if (!tops.has(top) && !top.includes('%')) return next();
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    const accept = req.headers['accept-encoding'] || '';
    const key = `${/(br|brotli)/i.test(accept) ? 'b' : ''}${accept.includes('gzip') ? 'g' : ''} ${pathname}`;
    const plain = !req.headers.range && !pathname.includes('%');
    const found = plain ? kept.get(key) : undefined;
    if (found) {
      if (req.headers['if-none-match'] === found.headers.ETag) return res.writeHead(304).end();
      res.writeHead(200, found.headers);
      return res.end(found.body);
    }
    const unkeep = plain ? keepAnswer(res, key, pathname) : null;
    // Readable.pipe() announces itself on the destination before the file is opened.
    res.once('pipe', (src) => {
      src.once('error', (err) => {
        console.error(`[mallfront] static file ${req.url} failed: ${err.code ?? err.message}`);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
    });
    assets(req, res, () => {
      unkeep?.();
      next();
    });
  };

  /**
   * Keeps sirv's 200 answer to this request (its headers and the file it sends) for the same path and encoding kind;
   * returns what stops watching, for a request sirv passes on.
   */
  function keepAnswer(res, key, pathname) {
    const writeHead = res.writeHead;
    res.writeHead = function (status, headers, ...rest) {
      res.writeHead = writeHead;
      const size = Number(headers?.['Content-Length']);
      if (status === 200 && headers && size <= KEEP_STATIC_BYTES) {
        const suffix = { br: '.br', gzip: '.gz' }[headers['Content-Encoding']] ?? '';
        try {
          const body = readFileSync(`${dir}${pathname}${suffix}`);
          if (body.byteLength === size) {
            // The headers set before writeHead, under the names they were set with (sirv's `Vary`, our `cache-control`).
            const set = Object.fromEntries(res.getRawHeaderNames().map((name) => [name, res.getHeader(name)]));
            kept.set(key, { headers: { ...set, ...headers }, body });
          }
        } catch {
          // Not the file sirv chose (an index or .html file for this path): this one is not kept.
        }
      }
      return writeHead.call(this, status, headers, ...rest);
    };
    // No file for this path: the app answers, and nothing of its answer is kept here.
    return () => {
      res.writeHead = writeHead;
    };
  }
}

const KEPT_ANSWER = Symbol.for('mallfront.keptAnswer');

// The methods the mall serves: no page or endpoint takes PUT, PATCH or DELETE, so those are refused here as any
// unknown method is (they reached the router before, which answered 404 and logged a warning for each).
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/**
 * Ends `res` with a kept page's body: its bytes, or chunks (a shopper's page joined from compressed pieces) in one write.
 */
function endWith(res, body) {
  if (!Array.isArray(body)) return res.end(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
  res.cork();
  for (const chunk of body) res.write(chunk);
  return res.end();
}

/**
 * A kept page's answer the middleware returns (src/middleware.ts), written here as a hit is: Astro gets a Response
 * without a body, and its headers and bytes go out when Astro writes that Response (`writeHead(200)` then `end()`).
 * A Response with the page as its body cost a copy of the bytes into it and a read of them back out of its stream.
 */
function sendOnWrite(res, { headers, body }) {
  const { writeHead, end } = res;
  let ours = false;
  res.writeHead = function (status, ...rest) {
    res.writeHead = writeHead;
    if (status === 200) {
      ours = true;
      res.setHeaders(headers);
    }
    return writeHead.call(this, status, ...rest);
  };
  res.end = function (...args) {
    res.end = end;
    if (!ours || args.length) return end.apply(this, args);
    return endWith(res, body);
  };
  return new Response(null, { status: 200 });
}

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
  // Brotli at the quick quality (the library's default is 4): what is compressed here is compressed for one answer (API
  // JSON, signed-in and uncached pages). Its window is 64 KB, as the size is not known ahead (server/brotli.mjs).
  const compress = compression({ threshold: 1024, brotli: { params: brotliParams(QUICK_QUALITY) } });
  return (req, res) => {
    withSecurityHeaders(res);
    if (!METHODS.has(req.method)) return refuse(req, res, 405, '不支持的请求方法', { allow: [...METHODS].join(', ') });
    if (!wellEncoded(req.url)) return refuse(req, res, 400, '请求地址格式不正确');
    // A body announced past the limit is not read at all: the connection is closed after the answer. (Bodies refused
    // later, while they stream, are drained instead: see drain() in src/server/http/envelope.ts.)
    if (Number(req.headers['content-length']) > BODY_LIMIT_BYTES) return refuse(req, res, 413, '请求内容过大', { connection: 'close' });
    // No `next` for Astro: unmatched paths then render src/pages/404.astro instead of falling through.
    const astro = () => compress(req, res, () => handler(req, res, undefined, { sendAnswer: (answer) => sendOnWrite(res, answer) }));
    assets(req, res, () => {
      // A kept page ready to send is answered before Astro (src/server/http/kept-page.ts, loaded with the built app).
      const kept = globalThis[KEPT_ANSWER];
      if (!kept || req.method !== 'GET') return astro();
      kept(req).then(
        (answer) => {
          if (!answer) return astro();
          res.setHeaders(answer.headers);
          res.writeHead(200);
          endWith(res, answer.body);
        },
        (err) => {
          console.error('[mallfront] kept page failed, rendering instead:', err);
          astro();
        },
      );
    });
  };
}

/**
 * Opens this process's database before it answers anyone: /api/health through the process's own app, on a private
 * loopback listener (under WORKERS a request to the shared port could reach another worker).
 */
async function warmUp(app) {
  const probe = http.createServer(app);
  await new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve);
  });
  try {
    const res = await fetch(`http://127.0.0.1:${probe.address().port}/api/health`);
    if (!res.ok) throw new Error(`health check failed with HTTP ${res.status}`);
  } finally {
    probe.close();
    probe.closeAllConnections();
  }
}

/**
 * The line that says the server is up, with a warning when a QR payment method runs on the sandbox gateway (the
 * default, for development and the demo): there a shopper confirms their own payment and no money moves.
 */
const readyLine = (host, port, workers) => {
  const sandbox = ['PAY_WEIXIN', 'PAY_ALIPAY'].filter((v) => (process.env[v] || 'sandbox') === 'sandbox');
  const warning = sandbox.length
    ? `\nwarning: ${sandbox.join(' and ')} use the sandbox payment gateway: shoppers confirm their own payments and no money moves. Set them for a real mall (README "Payments").`
    : '';
  return `Mallfront is ready at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${workers > 1 ? ` (${workers} workers)` : ''}${warning}`;
};

/**
 * Idle keep-alive connections stay open 65 s (Node's default is 5 s), longer than the idle timeout of common proxies and
 * HTTP clients (60 s): with 5 s, a client reusing a connection after a pause could send its request just as the server
 * closed it, and get a reset (ECONNRESET) instead of an answer. Responses say so (`Keep-Alive: timeout=65`). Headers
 * must still arrive within 66 s (Node wants it above the keep-alive time).
 */
export function keepConnections(server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

export const portTakenMessage = (host, port) =>
  `Port ${port} on ${host} is already in use. Stop the other process or start with PORT=<free port> npm start.`;

/** Listens, then warms the database up so the first shopper does not wait for it. */
export async function startServer({ host = process.env.HOST || '0.0.0.0', port = Number(process.env.PORT || 4321), quiet = false } = {}) {
  const app = await createApp();
  const server = keepConnections(http.createServer(app));
  await new Promise((resolve, reject) => {
    server.once('error', (err) => {
      if (err.code === 'EADDRINUSE') {
        reject(new Error(portTakenMessage(host, port)));
      } else reject(err);
    });
    server.listen(port, host, resolve);
  });
  const address = server.address();
  await warmUp(app);
  if (!quiet) console.log(readyLine(host, address.port, 1));
  const base = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`;
  return { server, port: address.port, url: base };
}

/**
 * `WORKERS`: how many server processes share the port (Node's cluster module): a whole number from 1 to 64, or
 * `auto` (one per CPU). Above 1 it needs PostgreSQL (`DATABASE_URL`): PGlite is one process per data directory.
 */
export function workerCount(env = process.env) {
  const raw = (env.WORKERS ?? '').trim() || '1';
  const n = raw === 'auto' ? availableParallelism() : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WORKERS must be a whole number from 1 to 64 or "auto", not "${raw}"`);
  if (n > 1 && !env.DATABASE_URL) {
    throw new Error('WORKERS above 1 needs DATABASE_URL (PostgreSQL): PGlite is one process per data directory');
  }
  return n;
}

/**
 * The primary of `WORKERS=n`: forks the workers (each a whole server: app, database pool, job runner, page cache;
 * migrations and the seed run once under a PostgreSQL advisory lock, page-cache drops travel by LISTEN/NOTIFY),
 * says ready once all are, replaces a worker that dies after it was ready, and stops them all on SIGTERM/SIGINT.
 * A worker that fails to start (a taken port, an unreachable database) stops the whole server with exit code 1.
 */
function runWorkers(n) {
  const host = process.env.HOST || '0.0.0.0';
  const port = Number(process.env.PORT || 4321);
  let stopping = false;
  let ready = 0;
  const started = new WeakSet();
  const fork = () => {
    const w = cluster.fork();
    w.on('message', (m) => {
      if (m !== 'ready') return;
      started.add(w);
      if (++ready === n) console.log(readyLine(host, port, n));
    });
  };
  const stopAll = (code) => {
    stopping = true;
    process.exitCode = code;
    const alive = Object.values(cluster.workers ?? {});
    if (!alive.length) process.exit(code);
    for (const w of alive) w?.process.kill('SIGTERM');
  };
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!started.has(w)) {
      console.error(`[mallfront] a worker failed to start (exit ${signal ?? code}): stopping`);
      return stopAll(1);
    }
    console.error(`[mallfront] worker ${w.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
    fork();
  });
  process.once('SIGTERM', () => stopAll(0));
  process.once('SIGINT', () => stopAll(0));
  for (let i = 0; i < n; i++) fork();
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
  const fail = (err) => {
    console.error(`[mallfront] failed to start: ${err.message}`);
    process.exit(1);
  };
  let workers = 1;
  try {
    workers = workerCount();
  } catch (err) {
    fail(err);
  }
  if (workers > 1 && cluster.isPrimary) runWorkers(workers);
  else {
    const worker = cluster.isWorker;
    startServer({ quiet: worker })
      .then(({ server }) => {
        stopOnSignals(server);
        if (worker) process.send?.('ready');
      })
      .catch(fail);
  }
}
