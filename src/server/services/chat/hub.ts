import type { Db } from '../../db/client.ts';

/**
 * Who should look for news in the chat table: the hub wakes the open event streams (stream.ts) of one shopper
 * (`u<uid>`) and of one desk (`m<mer_id>`) when a message of theirs is written or taken back. A signal carries ids
 * only: each stream reads what it has not sent yet from the database, so a stream that missed signals (a
 * reconnection, another process) still gets every message once, in order. With several app processes on one
 * PostgreSQL, signals travel to the others by LISTEN/NOTIFY (http/cache-bus.ts `CHAT_CHANNEL`).
 */
export interface ChatSignal {
  uid: number;
  merId: number;
  /** A recall names the message taken back; a new message needs no id (streams read past their last one). */
  recalled?: number;
}

type Listener = (signal: ChatSignal) => void;

interface Hub {
  topics: Map<string, Set<Listener>>;
  publish?: (signal: ChatSignal) => void;
}

const hubs = new WeakMap<object, Hub>();

function hubOf(db: Db): Hub {
  let h = hubs.get(db);
  if (!h) {
    h = { topics: new Map() };
    hubs.set(db, h);
  }
  return h;
}

export const shopperTopic = (uid: number) => `u${uid}`;
export const deskTopic = (merId: number) => `m${merId}`;

/** Listens to one topic; returns what stops listening. */
export function listenChat(db: Db, topic: string, listener: Listener): () => void {
  const { topics } = hubOf(db);
  let set = topics.get(topic);
  if (!set) {
    set = new Set();
    topics.set(topic, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) topics.delete(topic);
  };
}

/** Listeners of this process on `topic` (the per-shopper cap of open streams reads it). */
export const listenerCount = (db: Db, topic: string) => hubOf(db).topics.get(topic)?.size ?? 0;

/** Wakes this process's streams of the signal's shopper and desk. */
export function applyChatSignal(db: Db, signal: ChatSignal): void {
  const { topics } = hubOf(db);
  for (const topic of [shopperTopic(signal.uid), deskTopic(signal.merId)]) {
    for (const listener of topics.get(topic) ?? []) listener(signal);
  }
}

/** Wakes the signal's streams in this process and, through the bus, in the others. Call it after the commit. */
export function signalChat(db: Db, signal: ChatSignal): void {
  applyChatSignal(db, signal);
  hubOf(db).publish?.(signal);
}

/** Set by the bus: how this process tells the others (undefined: one process). */
export function publishChatSignals(db: Db, publish: ((signal: ChatSignal) => void) | undefined): void {
  hubOf(db).publish = publish;
}
