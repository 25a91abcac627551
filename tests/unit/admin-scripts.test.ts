// The operator's command-line scripts open the database as the server would: on a database started without the demo
// (SEED=none) they add nothing of it. Before, merchant-token.ts and setting.ts seeded the demo mall (its public
// passwords and merchant tokens) into any database they opened.
import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { merchant, merchantToken, users } from '../../src/server/db/schema/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    encoding: 'utf8',
    // The data directory of the test, never a PostgreSQL the environment names.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')), ...env },
    timeout: 120_000,
  });

const counts = async (dir: string) => {
  const database = await openDatabase({ dataDir: dir, seed: false, migrate: false });
  try {
    const n = sql<number>`count(*)::int`;
    const [[u], [m], [t]] = await Promise.all([
      database.db.select({ n }).from(users),
      database.db.select({ n }).from(merchant),
      database.db.select({ n }).from(merchantToken),
    ]);
    return { users: u!.n, merchants: m!.n, tokens: t!.n };
  } finally {
    await database.close();
  }
};

describe('operator scripts on a database without the demo', () => {
  it('merchant-token.ts and setting.ts leave a SEED=none database without the demo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mallfront-scripts-'));
    dirs.push(dir);
    const env = { DATA_DIR: dir, SEED: 'none' };
    const list = run('merchant-token.ts', ['list'], env);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).not.toContain('mf_demo_mer_');
    const set = run('setting.ts', ['order_cancel_minutes', '30'], env);
    expect(set.status, set.stderr).toBe(0);
    expect(await counts(dir)).toEqual({ users: 0, merchants: 0, tokens: 0 });
  });
});

describe('command-line file arguments', () => {
  it('are read from the directory the command was typed in (npm run starts scripts from the project root)', async () => {
    const { userPath } = await import('../../scripts/cli.ts');
    const before = process.env.INIT_CWD;
    try {
      process.env.INIT_CWD = '/home/shop/pictures';
      expect(userPath('lic.png')).toBe('/home/shop/pictures/lic.png');
      expect(userPath('/tmp/frame.png')).toBe('/tmp/frame.png');
    } finally {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  });
});

describe('command-line output', () => {
  it('shows control characters from shoppers’ text as �, keeping tabs and new lines', async () => {
    const { printable } = await import('../../scripts/cli.ts');
    expect(printable('x\u001b[2J\u001b[31mHACK')).toBe('x\ufffd[2J\ufffd[31mHACK');
    expect(printable('a\u009b31m\u0007b')).toBe('a\ufffd31m\ufffdb');
    expect(printable('第一行\n\t第二行 ¥12.00')).toBe('第一行\n\t第二行 ¥12.00');
  });
});
