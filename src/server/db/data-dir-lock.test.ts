import { describe, it, expect, afterEach } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir, DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';
import { openDatabase } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'mallfront-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, naming the directory and the pid', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    let err: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(dir);
    expect((err as Error).message).toContain(`pid ${process.pid}`);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a stale lock left by a killed process, and a garbled one', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    writeFileSync(join(dir, LOCK_FILE), 'not a pid');
    lockDataDir(dir)();
  });

  it('openDatabase on a directory that is already open fails, and works again after close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, seed: false, migrate: false });
    await expect(openDatabase({ dataDir: dir, seed: false, migrate: false })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir, seed: false, migrate: false });
    await again.close();
  }, 60000);
});
