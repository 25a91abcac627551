import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { Reply, Request, WireError } from './pglite-wire.ts';

/**
 * The embedded database in its own thread. PGlite runs PostgreSQL compiled to WASM on the thread that calls it:
 * in-process, a product page's three queries cost the main thread 2 ms of CPU (WASM, and PGlite's parsing of the
 * wire protocol into rows), during which no other request is answered, not even a kept page. Here PGlite runs in a
 * worker thread (pglite-worker.ts) and the main thread only posts the query and reads back the rows (structured
 * clone): 0.25 ms for the same page, and queries run on the second core while the first renders.
 *
 * `PgliteThread` has the part of PGlite's client that Drizzle's PGlite driver, its migrator and prepared.ts call:
 * `query`, `exec`, `transaction` (interactive: a transaction holds the database across messages, and queries from
 * outside it wait, as PGlite's own lock makes them wait in one thread) and `close`. Errors come back with their
 * fields (`code`, `detail`, `constraint`…), so SQLSTATE checks work as before. Parsers passed in query options
 * cross as their type ids only: values of those types come back as PostgreSQL's text, which is what Drizzle's
 * parsers (the only ones passed) return.
 */
export interface PgliteThread {
  query: PGlite['query'];
  exec: PGlite['exec'];
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The worker's file: Node runs it as TypeScript. Found from the working directory, as the migrations are (the
 * server bundle lives elsewhere than this source file). */
const workerFile = () => resolve(process.cwd(), 'src/server/db/pglite-worker.ts');

/** An error from the database thread, with the fields it carried. */
function errorOf(w: WireError): Error {
  const { message, name, stack, ...fields } = w;
  const err = Object.assign(new Error(message), fields);
  if (name) err.name = name;
  if (stack) err.stack = `${stack}\n    at (the database thread)`;
  return err;
}

/** Type ids of the parsers in `options` (cached per options object: Drizzle passes the same one for a query). */
const rawIds = new WeakMap<object, number[] | undefined>();
function rawOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  let ids = rawIds.get(parsers);
  if (!ids) {
    ids = Object.keys(parsers).map(Number);
    rawIds.set(parsers, ids);
  }
  return ids;
}

/** Query options as they cross to the thread: the row mode, and the type ids whose values stay text. */
const onWire = (options: QueryOptions | undefined) => ({ rowMode: options?.rowMode, raw: rawOf(options) });

/**
 * Starts the database thread on `dataDir` (a PGlite data directory or `memory://`) and waits until it is open.
 * `load`: a dump (PGlite's `dumpDataDir`) to start from (tests load a seeded template).
 */
export async function openPgliteThread(dataDir: string, load?: Blob): Promise<PgliteThread> {
  const worker = new Worker(workerFile(), { workerData: { dataDir, load } });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let dead: Error | null = null;

  // The thread keeps the process alive only while an answer is awaited: a script that forgot to close still ends.
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  // The thread ended without close() (PGlite aborted, out of memory): every call from now on fails with why.
  const stop = (err: Error) => {
    if (!dead) console.error('[mallfront] the database thread stopped:', err);
    dead ??= err;
    for (const id of [...pending.keys()]) settle(id)?.reject(dead);
  };
  worker.on('message', (m: Reply) => {
    const p = settle(m.id);
    if (m.error) p?.reject(errorOf(m.error));
    else p?.resolve(m.result);
  });
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));

  const answerTo = <T>(id: number): Promise<T> => {
    if (dead) return Promise.reject(dead);
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  };
  type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> & { id?: number } : never) : never;
  const call = <T>(req: Call): Promise<T> => {
    const id = req.id ?? ++next;
    const answer = answerTo<T>(id);
    if (!dead) worker.postMessage({ ...req, id });
    return answer;
  };

  // Reply 0 says the thread opened the database (or why it could not).
  await answerTo<null>(0).catch((err: Error) => {
    dead ??= err;
    void worker.terminate();
    throw err;
  });

  const query = (tx: number | undefined) =>
    ((text: string, params?: unknown[], options?: QueryOptions) =>
      call<Results>({ op: 'query', tx, text, params, ...onWire(options) })) as PGlite['query'];
  const exec = (tx: number | undefined) =>
    ((text: string, options?: QueryOptions) => call<Results[]>({ op: 'exec', tx, text, ...onWire(options) })) as PGlite['exec'];

  return {
    query: query(undefined),
    exec: exec(undefined),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = ++next;
      await call<null>({ op: 'begin', id });
      let closed = false;
      const end = (commit: boolean) => {
        if (closed) return Promise.resolve();
        closed = true;
        return call<null>({ op: 'end', tx: id, commit }).then(() => {});
      };
      const tx = {
        query: query(id),
        exec: exec(id),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        await end(false).catch(() => {});
        throw err;
      }
      await end(true);
      return result;
    },
    async close() {
      if (!dead) await call<null>({ op: 'close' }).catch(() => {});
      dead ??= new Error('the database thread is closed');
      await worker.terminate();
    },
  };
}
