import type { PGlite } from '@electric-sql/pglite';

/**
 * Hot reads run as server-side prepared statements on PGlite. A query through PGlite's extended protocol is parsed
 * and planned anew each time: for a product page's main read that is 1.4 ms, of which the plan is most; the same
 * statement prepared once and run with `EXECUTE` takes 0.55 ms (50,000-product mall). Drizzle's `.prepare()` names a
 * statement on node-postgres only, so PGlite's client is wrapped instead (`preparePglite`, called by client.ts).
 * `EXECUTE` goes by the simple query protocol (PGlite's `exec`: one message and one answer, where `query` sends
 * parse, bind, describe, execute and sync): a fourth less of the database thread's time per statement (0.89 vs
 * 1.2 ms for the product read, 0.30 vs 0.37 ms for `select 1`), the same rows and fields.
 *
 * Only queries a service names with `prepareOnPglite(query)` are prepared: each has plans that do not depend on its
 * parameters (lookups by key), since a prepared statement may settle on one generic plan. Parameters go into
 * `EXECUTE name(…)` as literals, so only numbers, booleans, null and strings without backslashes are passed that way;
 * any other call runs as a plain query. Statements live as long as the database session; a statement that has gone
 * is prepared again.
 */

/** The SQL texts to prepare (shared by every PGlite client of the process). */
const texts = new Set<string>();
/** At most this many SQL texts are marked (a bound on the plans each database session keeps). */
const MAX_STATEMENTS = 100;

/** The keys of queries already marked: a query whose SQL text is the same every time builds it once here. */
const marked = new Set<string>();

/**
 * Marks a Drizzle query's SQL to run as a prepared statement on PGlite, and returns the query. `key` names the query
 * (one key per SQL text: a query whose text varies puts the variant in its key).
 */
export function prepareOnPglite<Q extends { toSQL(): { sql: string } }>(key: string, query: Q): Q {
  if (marked.has(key) || texts.size >= MAX_STATEMENTS) return query;
  marked.add(key);
  texts.add(query.toSQL().sql);
  return query;
}

/**
 * `build(db)` made once per database handle (and per transaction, whose statements must run in it) and per `variant`:
 * for a hot read built with placeholders and `.prepare()`, since Drizzle builds a query's SQL on every run otherwise
 * (0.15-0.25 ms of main-thread CPU for a page's main reads).
 */
export function builtOnce<D extends object, T>(build: (db: D, variant: string) => T): (db: D, variant?: string) => T {
  const made = new WeakMap<object, Map<string, T>>();
  return (db, variant = '') => {
    let byVariant = made.get(db);
    if (!byVariant) {
      byVariant = new Map();
      made.set(db, byVariant);
    }
    let found = byVariant.get(variant);
    if (found === undefined) {
      found = build(db, variant);
      byVariant.set(variant, found);
    }
    return found;
  };
}

/** A parameter as an SQL literal, or null when it cannot be passed as one safely. */
export function literalOf(v: unknown): string | null {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // standard_conforming_strings is on: inside quotes only the quote itself is special.
  if (typeof v === 'string') return v.includes('\\') || v.includes('\0') ? null : `'${v.replace(/'/g, "''")}'`;
  return null;
}

/** What is wrapped: a PGlite, or the database thread standing for one (pglite-thread.ts). */
type Client = Pick<PGlite, 'query' | 'exec'>;
const wrapped = new WeakSet<Client>();
/** SQLSTATE of "prepared statement does not exist". */
const GONE = '26000';

/** Runs the queries marked by `prepareOnPglite` on `client` as prepared statements. */
export function preparePglite(client: Client): void {
  if (wrapped.has(client)) return;
  wrapped.add(client);
  const query = client.query.bind(client) as PGlite['query'];
  const exec = client.exec.bind(client) as PGlite['exec'];
  const statements = new Map<string, Promise<string | null>>();
  let next = 0;
  const prepare = (text: string) => {
    let name = statements.get(text);
    if (!name) {
      const id = `mf_prepared_${++next}`;
      name = query(`PREPARE ${id} AS ${text}`).then(
        () => id,
        () => null, // (an aborted transaction, say): this call runs as a plain query and a later one prepares it
      );
      statements.set(text, name);
      name.then((n) => n === null && statements.delete(text));
    }
    return name;
  };
  const run = (async (text: string, params?: unknown[], options?: object) => {
    if (!texts.has(text)) return query(text, params, options);
    const args = (params ?? []).map(literalOf);
    if (args.some((a) => a === null)) return query(text, params, options);
    const name = await prepare(text);
    if (!name) return query(text, params, options);
    const execute = `EXECUTE ${name}${args.length ? `(${args.join(', ')})` : ''}`;
    try {
      const [result] = await exec(execute, options);
      return result;
    } catch (err) {
      if ((err as { code?: string }).code !== GONE) throw err;
      statements.delete(text);
      return query(text, params, options);
    }
  }) as PGlite['query'];
  client.query = run;
}
