// `WORKERS=2 npm start` on PostgreSQL, the way an operator scales out: the built server as a child process with two
// workers on one port. Migrations and the seed run once; both workers answer; a change announced on the cache bus
// reaches the visitor page cache of every worker; SIGTERM stops them all. Needs the build (npm test builds first).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres } from '../helpers/postgres-server.ts';
import { freePort, listenAnywhere, startServe } from '../e2e/spawn-server.ts';
import { CACHE_CHANNEL } from '../../src/server/http/cache-bus.ts';

let postgres: Awaited<ReturnType<typeof startPostgres>>;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

describe('WORKERS on PostgreSQL', () => {
  it('refuses more than one worker on PGlite, and a value that is not a count', async () => {
    for (const [env, message] of [
      [{ WORKERS: '2', DATA_DIR: 'memory://' }, 'WORKERS above 1 needs DATABASE_URL'],
      [{ WORKERS: 'many', DATA_DIR: 'memory://' }, 'WORKERS must be a whole number from 1 to 64'],
    ] as const) {
      const run = startServe({ ...env, PORT: String(await freePort()) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(message);
    }
  });

  it('a taken port stops every worker with the clear message and exit code 1', async () => {
    const { server, port } = await listenAnywhere();
    try {
      const run = startServe({ WORKERS: '2', DATABASE_URL: postgres.url, PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(run.output()).toContain('a worker failed to start');
    } finally {
      server.close();
    }
  });

  it('two workers share the port, migrate and seed once, drop a changed page in both, and stop together', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const run = startServe({ WORKERS: '2', DATABASE_URL: postgres.url, PORT: String(port), PAGE_CACHE_TTL: '600', SITE_URL: base });
    try {
      await run.ready();
      expect(run.output()).toContain(`Mallfront is ready at http://127.0.0.1:${port} (2 workers)`);
      const workers = execFileSync('pgrep', ['-P', String(run.child.pid)])
        .toString()
        .trim()
        .split('\n');
      expect(workers).toHaveLength(2);

      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      try {
        const files = (await db.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
        expect(files).toBeGreaterThanOrEqual(9);
        // Seeded once: one demo member, one seed marker.
        expect((await db.query(`select count(*)::int as n from users where phone = '13800138000'`)).rows[0].n).toBe(1);

        // A visitor page, fetched until both workers have it cached (the kernel spreads connections over them).
        const page = async () => {
          const res = await fetch(`${base}/store?id=3`, { headers: { connection: 'close' } });
          return { cache: res.headers.get('x-page-cache'), html: await res.text() };
        };
        const first = await page();
        expect(first.html).toContain('</html>');
        let hits = 0;
        for (let i = 0; i < 40; i++) if ((await page()).cache === 'HIT') hits++;
        expect(hits).toBeGreaterThan(30);

        // The shop is renamed behind the servers' back and the change announced on the bus, as a write in another
        // process would: every later view, from either worker, shows the new name.
        const name = `改名后的店铺${Date.now() % 100000}`;
        await db.query('update merchant set mer_name = $1 where mer_id = 3', [name]);
        await db.query('select pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify({ from: 'test', tags: ['merchant:3'] })]);
        await expect.poll(async () => (await page()).html.includes(name), { timeout: 10_000 }).toBe(true);
        for (let i = 0; i < 20; i++) expect((await page()).html, `view ${i}`).toContain(name);
      } finally {
        await db.end();
      }

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(() => execFileSync('pgrep', ['-P', String(run.child.pid)])).toThrow();
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
});
