// `npm start` behaviour: the built server as a child process, the way an operator runs it.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';

function startServe(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/serve.mjs'], { env: { ...process.env, HOST: '127.0.0.1', ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      if (output.includes('is ready at')) return resolve();
      child.stdout.on('data', () => output.includes('is ready at') && resolve());
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });
  return { child, exited, ready, output: () => output };
}

function listenAnywhere(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

test.describe('starting the server', () => {
  test.describe.configure({ timeout: 90000 });

  test('a taken port fails with a clear message and a non-zero exit', async () => {
    const { server, port } = await listenAnywhere();
    const run = startServe({ PORT: String(port), DATA_DIR: 'memory://' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    server.close();
  });

  test('the first start creates, migrates and seeds an on-disk database; a restart reopens it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-data-'));
    try {
      for (const round of [1, 2]) {
        const { server, port } = await listenAnywhere();
        server.close();
        const run = startServe({ PORT: String(port), DATA_DIR: dir });
        await run.ready();
        const res = await fetch(`http://127.0.0.1:${port}/api/pc/config`);
        expect((await res.json()).data.site_name, `round ${round}`).toBe('Mallfront 商城');
        expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
        run.child.kill('SIGTERM');
        expect(await run.exited, 'a graceful stop').toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a second server on the same data directory refuses to start; a lock left by a killed server is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-data-'));
    const freePort = async () => {
      const { server, port } = await listenAnywhere();
      server.close();
      return port;
    };
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
});
