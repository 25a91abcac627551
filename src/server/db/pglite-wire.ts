/** The messages between the main thread (pglite-thread.ts) and the embedded database's thread (pglite-worker.ts). */

/** A request; its `id` names the reply. A transaction is named by the id of the request that began it. */
export type Request =
  | {
      id: number;
      op: 'query';
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type ids whose values come back as PostgreSQL's text (the caller's parsers leave them so). */
      raw?: number[];
    }
  | { id: number; op: 'exec'; tx?: number; text: string; rowMode?: 'array' | 'object'; raw?: number[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error as plain data: the primitive fields PostgreSQL's errors carry (code, detail, constraint, table…). */
export type WireError = { message: string; name?: string; stack?: string } & Record<string, string | number | boolean | null | undefined>;

/** The answer to request `id` (0: the thread has opened the database, or could not). */
export type Reply = { id: number; result: unknown; error?: undefined } | { id: number; error: WireError; result?: undefined };
