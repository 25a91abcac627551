import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { applyChange, publishChanges } from '../services/cache.ts';
import { ALL } from '../services/cache-tags.ts';
import { applyChatSignal, type ChatSignal, publishChatSignals } from '../services/chat/hub.ts';

/**
 * The cache bus: with several app processes on one PostgreSQL, a change (`invalidate` in
 * server/services/cache.ts) made in one process drops the matching cached reads and visitor pages in every
 * process at once, through LISTEN/NOTIFY. Each process keeps one dedicated listening connection (made from
 * the pool's settings, outside the pool), and sends changes with `pg_notify` through the pool; the payload
 * is `{from, tags}`, and a process ignores its own changes (it applied them already). While the listening
 * connection is down the process may miss changes, so after reconnecting it drops everything once.
 * PGlite is one process: there the change stays local and no bus is needed.
 */
export const CACHE_CHANNEL = 'mallfront_cache';
/** Chat wake-ups (services/chat/hub.ts) travel on the same connection: `{from, uid, merId, recalled?}`. */
export const CHAT_CHANNEL = 'mallfront_chat';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: a bigger change is sent as "everything". */
const MAX_PAYLOAD = 7900;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

interface Message {
  from: string;
  tags: string[];
}

function payloadOf(from: string, tags: readonly string[]): string {
  const text = JSON.stringify({ from, tags: [...tags] } satisfies Message);
  return Buffer.byteLength(text) < MAX_PAYLOAD ? text : JSON.stringify({ from, tags: [ALL] } satisfies Message);
}

/** A chat wake-up from another process, or null for anything malformed. */
function parseChat(payload: string | undefined): (ChatSignal & { from: string }) | null {
  try {
    const m = JSON.parse(payload ?? '') as Record<string, unknown>;
    const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
    if (typeof m.from !== 'string' || !whole(m.uid) || !whole(m.merId) || (m.recalled !== undefined && !whole(m.recalled))) return null;
    return { from: m.from, uid: m.uid as number, merId: m.merId as number, recalled: m.recalled as number | undefined };
  } catch {
    return null;
  }
}

function parse(payload: string | undefined): Message | null {
  try {
    const m = JSON.parse(payload ?? '') as Partial<Message>;
    return typeof m.from === 'string' && Array.isArray(m.tags) && m.tags.every((t) => typeof t === 'string') ? (m as Message) : null;
  } catch {
    return null;
  }
}

/**
 * Joins the PostgreSQL `database` (opened on `pool`) to the cache bus: waits for the first LISTEN (or its
 * failure, then keeps retrying in the background) and returns the database, whose `close` also leaves the bus.
 */
export async function withCacheBus(database: Database, pool: pg.Pool): Promise<Database> {
  const { db } = database;
  const id = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const reconnectLater = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void listen();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const listen = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    client = c;
    // An error or end after connecting (server restart, network) starts a new connection.
    c.on('error', (err) => {
      console.error('[mallfront] cache bus connection lost:', err.message);
      void c.end().catch(() => undefined);
      if (client === c) reconnectLater();
    });
    c.on('end', () => {
      if (client === c) reconnectLater();
    });
    c.on('notification', (n) => {
      if (n.channel === CHAT_CHANNEL) {
        const signal = parseChat(n.payload);
        if (signal && signal.from !== id) applyChatSignal(db, { uid: signal.uid, merId: signal.merId, recalled: signal.recalled });
        return;
      }
      const m = parse(n.payload);
      if (m && m.from !== id) applyChange(db, m.tags);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}; LISTEN ${CHAT_CHANNEL}`);
    } catch (err) {
      console.error('[mallfront] cache bus cannot listen:', (err as Error).message);
      void c.end().catch(() => undefined);
      reconnectLater();
      return;
    }
    retryMs = RETRY_MIN_MS;
    // Changes sent while this process was not listening are lost: drop everything once.
    if (everConnected) applyChange(db, [ALL]);
    everConnected = true;
  };

  publishChanges(db, (tags) => {
    pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payloadOf(id, tags)]).catch((err: Error) => {
      console.error('[mallfront] cache bus could not send a change:', err.message);
    });
  });
  publishChatSignals(db, (signal) => {
    pool.query('select pg_notify($1, $2)', [CHAT_CHANNEL, JSON.stringify({ from: id, ...signal })]).catch((err: Error) => {
      console.error('[mallfront] cache bus could not send a chat signal:', err.message);
    });
  });
  await listen();
  return {
    ...database,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      publishChanges(db, undefined);
      publishChatSignals(db, undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      await database.close();
    },
  };
}
