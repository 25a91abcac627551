// Oversized request bodies are refused while they stream: the 413 arrives long before the client could have
// sent the whole body, so the server never holds it in memory.
import http from 'node:http';
import { test, expect } from './fixtures.ts';

const MB = 1024 * 1024;

/** POSTs up to `total` bytes in 64 KiB chunks (chunked, or with a Content-Length), stopping when the answer comes. */
function streamPost(baseURL: string, path: string, total: number, announce: boolean) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const u = new URL(path, baseURL);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.250' };
    if (announce) headers['content-length'] = total;
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
    });
    // The server closes the connection after its answer; writes still in flight then fail, which is expected.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test('a 200 MB JSON body is refused with 413 while it streams, announced or chunked', async ({ baseURL }) => {
  for (const announce of [true, false]) {
    const r = await streamPost(baseURL!, '/api/auth/login', 200 * MB, announce);
    expect(r.status, `announce=${announce}`).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ status: 413, message: '请求内容过大' });
    expect(r.sent, 'bytes sent before the answer').toBeLessThan(50 * MB);
  }
});

test('a body just under the JSON limit is read and validated as usual', async ({ request }) => {
  const res = await request.post('/api/auth/login', { data: { account: '8613900139000', password: 'x'.repeat(60 * 1024) } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).not.toBe('请求内容过大');
});
