import { describe, it, expect, afterEach } from 'vitest';
import http from 'node:http';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { keepConnections, staticFiles } from '../../server/serve.mjs';

let server: http.Server | undefined;
afterEach(() => server?.close());

async function serve(dir: string): Promise<string> {
  const handler = staticFiles(dir);
  server = http.createServer((req, res) => handler(req, res, () => res.writeHead(404).end('not found')));
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('static files', () => {
  it('serves a file, and its precompressed variant to a browser that accepts it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mall-static-'));
    await writeFile(join(dir, 'app.js'), 'console.log(1)');
    await writeFile(join(dir, 'app.js.br'), 'brotli bytes');
    const base = await serve(dir);
    const res = await fetch(`${base}/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(await res.text()).toBe('console.log(1)');
    const br = await new Promise<{ encoding?: string; body: string }>((resolve) => {
      http.get(`${base}/app.js`, { headers: { 'accept-encoding': 'br' } }, (r) => {
        let body = '';
        r.on('data', (c) => (body += c)).on('end', () => resolve({ encoding: r.headers['content-encoding'], body }));
      });
    });
    expect(br).toEqual({ encoding: 'br', body: 'brotli bytes' });
    await rm(dir, { recursive: true });
  });

  it('a file removed under the running server fails that request only; the server keeps serving', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mall-static-'));
    await writeFile(join(dir, 'app.js'), 'console.log(1)');
    await writeFile(join(dir, 'app.js.br'), 'brotli bytes');
    await writeFile(join(dir, 'other.js'), 'console.log(2)');
    const base = await serve(dir);
    await rm(join(dir, 'app.js.br'));
    const failed = await new Promise<string>((resolve) => {
      http
        .get(`${base}/app.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(`status ${res.statusCode}`));
          res.on('error', () => resolve('aborted'));
        })
        .on('error', () => resolve('aborted'));
    });
    expect(['aborted', 'status 500']).toContain(failed);
    const res = await fetch(`${base}/other.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2)');
    await rm(dir, { recursive: true });
  });
  it('serves files in folders, pages without their .html and escaped names; anything else goes on to the app', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mall-static-'));
    await mkdir(join(dir, 'images', 'home'), { recursive: true });
    await writeFile(join(dir, 'images', 'home', 'a.svg'), '<svg/>');
    await writeFile(join(dir, 'about.html'), '<p>about</p>');
    await writeFile(join(dir, 'index.html'), '<p>home</p>');
    const base = await serve(dir);
    const text = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      return `${res.status} ${await res.text()}`;
    };
    expect(await text('/images/home/a.svg?v=2')).toBe('200 <svg/>');
    expect(await text('/about')).toBe('200 <p>about</p>');
    expect(await text('/')).toBe('200 <p>home</p>');
    expect(await text('/%69mages/home/a.svg')).toBe('200 <svg/>');
    expect(await text('/goods_detail/12')).toBe('404 not found');
    expect(await text('/images/none.svg')).toBe('404 not found');
    await rm(dir, { recursive: true });
  });

  it('answers a file again from memory as sirv first answered it, per encoding, with 304 for its ETag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mall-static-'));
    await mkdir(join(dir, '_astro'));
    await writeFile(join(dir, '_astro', 'app.css'), 'body{color:red}');
    await writeFile(join(dir, '_astro', 'app.css.br'), 'brotli bytes');
    await writeFile(join(dir, '_astro', 'app.css.gz'), 'gzip bytes');
    const base = await serve(dir);
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: string; body: string }>((resolve) => {
        http.get(`${base}/_astro/app.css?v=1`, { headers: { 'accept-encoding': encoding, ...headers } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c)).on('end', () => {
            const raw = r.rawHeaders.filter((_, i) => i % 2 === 0 && !/^date$/i.test(r.rawHeaders[i]!));
            resolve({ status: r.statusCode!, headers: raw.map((n) => `${n}: ${r.headers[n.toLowerCase()]}`).join('\n'), body });
          });
        });
      });
    const first = { br: await get('br, gzip'), gzip: await get('gzip'), none: await get('identity') };
    expect([first.br.body, first.gzip.body, first.none.body]).toEqual(['brotli bytes', 'gzip bytes', 'body{color:red}']);
    expect(first.br.headers).toContain('Content-Encoding: br');
    // Removed from disk, the files are still answered the same: from memory.
    await rm(join(dir, '_astro'), { recursive: true });
    expect(await get('br, gzip')).toEqual(first.br);
    expect(await get('gzip')).toEqual(first.gzip);
    expect(await get('identity')).toEqual(first.none);
    const etag = /ETag: (.*)/.exec(first.none.headers)![1]!;
    expect((await get('identity', { 'if-none-match': etag })).status).toBe(304);
    await rm(dir, { recursive: true });
  });
});

describe('keep-alive connections', () => {
  it('stay open 65 s idle and say so, so a client reusing one after a pause is not reset', async () => {
    const own = keepConnections(http.createServer((_req, res) => res.end('ok')));
    server = own;
    await new Promise<void>((ok) => own.listen(0, '127.0.0.1', ok));
    const agent = new http.Agent({ keepAlive: true });
    const header = await new Promise<unknown>((resolve) => {
      http.get({ host: '127.0.0.1', port: (own.address() as AddressInfo).port, path: '/', agent }, (r) => {
        r.resume().on('end', () => resolve(r.headers['keep-alive']));
      });
    });
    agent.destroy();
    expect(header).toBe('timeout=65');
    expect(own.headersTimeout).toBeGreaterThan(own.keepAliveTimeout);
  });
});
