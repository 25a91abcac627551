// `npm start` behaviour: the built server as a child process, the way an operator runs it.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
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
