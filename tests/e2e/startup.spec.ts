// `npm start` behaviour: the built server as a child process, the way an operator runs it.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { startServe, listenAnywhere, freePort } from './spawn-server.ts';

test.describe('starting the server', () => {
  test.describe.configure({ timeout: 90000 });

  test('a taken port fails with a clear message and a non-zero exit', async () => {
    const { server, port } = await listenAnywhere();
    const run = startServe({ PORT: String(port), DATA_DIR: 'memory://' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    server.close();
  });

  test('npm start on a taken port stops before building: the build the running server uses is left as it is', async () => {
    const { server, port } = await listenAnywhere();
    try {
      const built = statSync('dist/server/entry.mjs').mtimeMs;
      const run = spawn('npm', ['start'], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) } });
      let output = '';
      run.stdout.on('data', (d) => (output += d));
      run.stderr.on('data', (d) => (output += d));
      expect(await new Promise((resolve) => run.on('exit', resolve))).not.toBe(0);
      expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(output).not.toContain('astro build');
      expect(statSync('dist/server/entry.mjs').mtimeMs).toBe(built);
    } finally {
      server.close();
    }
  });

  test('the first start creates, migrates and seeds an on-disk database; a restart reopens it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-data-'));
    try {
      for (const round of [1, 2]) {
        const { server, port } = await listenAnywhere();
        server.close();
        // The second start has real payment settings (both methods off here): no sandbox warning then.
        const payments = round === 1 ? { PAY_WEIXIN: '', PAY_ALIPAY: '' } : { PAY_WEIXIN: 'off', PAY_ALIPAY: 'off' };
        const run = startServe({ PORT: String(port), DATA_DIR: dir, ...payments });
        await run.ready();
        const res = await fetch(`http://127.0.0.1:${port}/api/pc/config`);
        expect((await res.json()).data.site_name, `round ${round}`).toBe('Mallfront 商城');
        const warned = 'warning: PAY_WEIXIN and PAY_ALIPAY use the sandbox payment gateway';
        if (round === 1) await expect.poll(run.output).toContain(warned);
        else expect(run.output()).not.toContain('sandbox payment gateway');
        expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
        run.child.kill('SIGTERM');
        expect(await run.exited, 'a graceful stop').toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a wrong SMS, tracking or payment setting stops the start with a message naming it, before any shopper meets it', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ SMS_PROVIDER: 'aliyun' }, 'cannot start: SMS_PROVIDER=aliyun is not an SMS provider: use outbox or http'],
      [{ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: '' }, 'cannot start: SMS_PROVIDER=http needs SMS_GATEWAY_URL, an http(s) address'],
      [{ LOGISTICS_PROVIDER: 'kuaidi100' }, 'cannot start: LOGISTICS_PROVIDER=kuaidi100 is not a tracking provider: use demo or http'],
      [
        { LOGISTICS_PROVIDER: 'http', LOGISTICS_URL: 'ftp://track.example' },
        'cannot start: LOGISTICS_PROVIDER=http needs LOGISTICS_URL, an http(s) address',
      ],
      [{ PAY_ALIPAY: 'paypal' }, 'cannot start: PAY_ALIPAY=paypal is not a payment provider'],
    ];
    for (const [env, message] of cases) {
      const run = startServe({ PORT: String(await freePort()), DATA_DIR: 'memory://', ...env });
      expect(await run.exited, JSON.stringify(env)).toBe(1);
      expect(run.output()).toContain(message);
    }
  });

  test('a second server on the same data directory refuses to start; a lock left by a killed server is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-data-'));
    try {
      const first = startServe({ PORT: String(await freePort()), DATA_DIR: dir });
      await first.ready();
      const second = startServe({ PORT: String(await freePort()), DATA_DIR: dir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`the data directory ${dir} is in use`);
      expect(second.output()).toContain(`pid ${first.child.pid}`);
      first.child.kill('SIGKILL');
      await first.exited;
      const port = await freePort();
      const third = startServe({ PORT: String(port), DATA_DIR: dir });
      await third.ready();
      const res = await fetch(`http://127.0.0.1:${port}/api/pc/config`);
      expect(res.status).toBe(200);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an API route whose code cannot be loaded (a build replaced under the server) answers in the envelope, a page with the 500 page', async () => {
    // A copy of the built server with one API route's and one page's module gone.
    const root = mkdtempSync(join(tmpdir(), 'mallfront-copy-'));
    try {
      for (const part of ['server', 'dist', 'package.json']) cpSync(part, join(root, part), { recursive: true });
      for (const part of ['src', 'node_modules']) symlinkSync(join(process.cwd(), part), join(root, part));
      const entry = readFileSync(join(root, 'dist/server/entry.mjs'), 'utf8');
      const chunkOf = (page: string) => new RegExp(`${page.replace(/[/.]/g, '\\$&')}@_@(?:ts|astro)":"(chunks/[^"]+)"`).exec(entry)![1]!;
      unlinkSync(join(root, 'dist/server', chunkOf('src/pages/api/user/cart/lst')));
      unlinkSync(join(root, 'dist/server', chunkOf('src/pages/shop_street')));
      const port = await freePort();
      const run = startServe({ PORT: String(port), DATA_DIR: 'memory://' }, root);
      await run.ready();
      const api = await fetch(`http://127.0.0.1:${port}/api/user/cart/lst`);
      expect(api.status).toBe(500);
      expect(api.headers.get('content-type')).toContain('application/json');
      expect(await api.json()).toEqual({ status: 500, message: '服务器开小差了，请稍后再试' });
      const page = await fetch(`http://127.0.0.1:${port}/shop_street`);
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('Load failed');
      // The rest still answers.
      expect((await fetch(`http://127.0.0.1:${port}/api/pc/config`)).status).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
