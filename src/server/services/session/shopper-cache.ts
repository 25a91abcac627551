import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cart, users, userSession } from '../../db/schema/index.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { SessionUser } from '../context.ts';
import { changedSince, changeSequence, onChange } from '../cache.ts';
import { liveSession, sessionUserColumns } from './sessions.ts';
import { countedCartLines } from '../cart/count-cart.ts';
import { shopperUnreadSql } from '../chat/conversation.ts';

/**
 * What a shared catalogue page needs of the signed-in shopper behind a session token (their header: the user, the
 * cart count and the unread customer-service messages), kept in memory so a signed-in view of a cached page reads no table (server/http/shopper-page.ts).
 *
 * An entry lives at most `SHOPPER_TTL_MS` and never past its session's expiry. Writes that change what it holds say
 * so with `invalidate(db, [tag('shopper', uid)])`: a cart line added, changed, removed or ordered, a sign-out, a
 * password or phone change, a desk's message written or taken back, messages read (chat/conversation.ts `unreadChanged`). That drops the shopper's entries here and, through the cache bus, in every other
 * process. Only the header is read from here: API calls and every other page still check the session in the
 * database (middleware → findSessionUser).
 */
export const SHOPPER_TTL_MS = 60_000;
export const SHOPPER_MAX_ENTRIES = 10_000;

export interface Shopper {
  user: SessionUser;
  cartCount: number;
  /** Customer-service messages they have not read (the header's 消息 count). */
  unread: number;
}

interface Entry {
  uid: number | null;
  expires: number;
  value: Promise<Shopper | null>;
}

const stores = new WeakMap<object, Map<string, Entry>>();

function storeOf(db: Db): Map<string, Entry> {
  let s = stores.get(db);
  if (!s) {
    const store = new Map<string, Entry>();
    s = store;
    stores.set(db, store);
    onChange(db, (changed) => {
      for (const t of changed) {
        if (t === '*' || t === 'shopper') return store.clear();
        if (!t.startsWith('shopper:')) continue;
        const uid = Number(t.slice('shopper:'.length));
        for (const [key, e] of store) if (e.uid === uid) store.delete(key);
      }
    });
  }
  return s;
}

async function load(db: Db, tokenHash: string, now: Date): Promise<(Shopper & { sessionEnds: number }) | null> {
  const [row] = await db
    .select({
      ...sessionUserColumns,
      sessionEnds: userSession.expiresAt,
      cartCount: sql<number>`(select coalesce(sum(${cart.cartNum}), 0)::int from ${cart} where ${countedCartLines(users.uid)})`,
      unread: shopperUnreadSql(users.uid),
    })
    .from(userSession)
    .innerJoin(users, eq(users.uid, userSession.uid))
    .where(liveSession(tokenHash, now))
    .limit(1);
  if (!row) return null;
  const { sessionEnds, cartCount, unread, ...user } = row;
  return { user, cartCount: Number(cartCount), unread: Number(unread), sessionEnds: sessionEnds.getTime() };
}

const shopperPart = ({ user, cartCount, unread }: Shopper): Shopper => ({ user, cartCount, unread });

/** The live shopper behind `token` with their cart count, or null (unknown, expired, revoked or disabled: not kept). */
export function shopperOf(db: Db, token: string, now = Date.now()): Promise<Shopper | null> {
  if (!token || token.length > 200) return Promise.resolve(null);
  const store = storeOf(db);
  // Kept by the token itself, as the request holds it, for at most a minute: hashing it for the lookup was a quarter
  // of a signed-in hit's extra time. The database still sees only its hash.
  const key = token;
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value;
  const entry: Entry = { uid: null, expires: now + SHOPPER_TTL_MS, value: Promise.resolve(null) };
  const since = changeSequence(db);
  entry.value = load(db, hashToken(token), new Date(now)).then(
    (found) => {
      // Not kept: no such session, an entry dropped meanwhile, or a change to this shopper while it loaded.
      if (!found || store.get(key) !== entry || changedSince(db, since, [`shopper:${found.user.uid}`])) {
        if (store.get(key) === entry) store.delete(key);
        return found && shopperPart(found);
      }
      entry.uid = found.user.uid;
      entry.expires = Math.min(entry.expires, found.sessionEnds);
      return shopperPart(found);
    },
    (err) => {
      if (store.get(key) === entry) store.delete(key);
      throw err;
    },
  );
  store.delete(key);
  store.set(key, entry);
  if (store.size > SHOPPER_MAX_ENTRIES) store.delete(store.keys().next().value!);
  return entry.value;
}
