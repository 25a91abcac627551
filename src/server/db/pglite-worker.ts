// The embedded database's own thread (started by pglite-thread.ts; Node runs this file as TypeScript, so it imports
// nothing but Node and PGlite). It opens PGlite on the data directory it is given and answers the main thread's
// messages: queries, exec, and interactive transactions held open across messages. PGlite's own locks order them
// exactly as they are ordered in one thread: a query outside a transaction waits until an open transaction ends.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { Reply, Request, WireError } from './pglite-wire.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, load } = workerData as { dataDir: string; load?: Blob };

/** An error as plain data: its message, name, stack and every primitive field (code, detail, constraint…). */
function wire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: WireError = { message: err.message, name: err.name, stack: err.stack };
  for (const [k, v] of Object.entries(err)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Query options by the type ids whose values stay as PostgreSQL's text (all the parsers a caller passed are that). */
const rawOptions = new Map<string, QueryOptions>();
function optionsOf(rowMode: 'array' | 'object' | undefined, raw: number[] | undefined): QueryOptions | undefined {
  if (!rowMode && !raw) return undefined;
  const key = `${rowMode}:${raw?.join(',') ?? ''}`;
  let options = rawOptions.get(key);
  if (!options) {
    const text = (value: string) => value;
    options = { rowMode, parsers: raw ? Object.fromEntries(raw.map((id) => [id, text])) : undefined };
    rawOptions.set(key, options);
  }
  return options;
}

/** Only what the main thread reads of a result (fields and rows are plain data). */
const plain = (r: Results): Results => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** Open transactions by the id of the request that began them: PGlite's handle and how to end it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }>();
/** Thrown inside PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

let db: PGlite;

async function answer(req: Request): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      const on = req.tx === undefined ? db : open.get(req.tx)?.tx;
      if (!on) throw new Error('Transaction is closed');
      return plain(await on.query(req.text, req.params, optionsOf(req.rowMode, req.raw)));
    }
    case 'exec': {
      const on = req.tx === undefined ? db : open.get(req.tx)?.tx;
      if (!on) throw new Error('Transaction is closed');
      return (await on.exec(req.text, optionsOf(req.rowMode, req.raw))).map(plain);
    }
    case 'begin':
      return new Promise<null>((began, failed) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => {
          end = resolve;
        });
        const ended = db
          .transaction(async (tx) => {
            open.set(req.id, { tx, end, ended });
            began(null);
            if (!(await decided)) throw ROLLBACK;
          })
          .then(
            () => {},
            (err: unknown) => {
              if (err !== ROLLBACK) throw err;
            },
          )
          .finally(() => open.delete(req.id));
        // BEGIN itself failed (the database is closing): the callback never ran.
        ended.catch(failed);
      });
    case 'end': {
      const t = open.get(req.tx);
      if (!t) return null;
      t.end(req.commit);
      await t.ended;
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

try {
  db = await PGlite.create(dataDir, load ? { loadDataDir: load } : {});
} catch (err) {
  port.postMessage({ id: 0, error: wire(err) } satisfies Reply);
  process.exit(1);
}
port.on('message', (req: Request) => {
  answer(req).then(
    (result) => port.postMessage({ id: req.id, result } satisfies Reply),
    (err: unknown) => port.postMessage({ id: req.id, error: wire(err) } satisfies Reply),
  );
});
port.postMessage({ id: 0, result: null } satisfies Reply);
