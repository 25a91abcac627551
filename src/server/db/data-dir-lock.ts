import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One live process per PGlite data directory: PGlite keeps its own copy of the database in memory and writes
 * it back, so a second process on the same directory acknowledges writes that a restart then loses. The lock
 * is a file holding the holder's pid, created exclusively; a lock whose process is gone (killed, crashed) is
 * stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the data directory ${dir} is in use by another running Mallfront process (pid ${pid}); stop it or set DATA_DIR to another directory`,
    );
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE = 'mallfront.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock of `dir` for this process, or throws DataDirLockedError. Returns the release function. */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (holderOf(path) === process.pid) unlinkSync(path);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderOf(path);
      // Our own pid: a second open in this process, just as unsafe as a second process.
      if (pid !== null && alive(pid)) throw new DataDirLockedError(dir, pid);
      // Stale (holder gone) or half-written: remove and try again.
      try {
        unlinkSync(path);
      } catch {
        /* another starter removed it first */
      }
    }
  }
  throw new DataDirLockedError(dir, holderOf(path) ?? 0);
}
