import { describe, it, expect } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { addLine, newShopper, pickSku, placeOrder } from '../../../../tests/helpers/checkout.ts';
import { createSession, revokeSession, SESSION_TTL_SECONDS } from './sessions.ts';
import { shopperOf } from './shopper-cache.ts';
import { changeCart } from '../cart/change-cart.ts';
import { deleteCart } from '../cart/delete-cart.ts';
import { logout } from '../auth/logout.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { cart } from '../../db/schema/index.ts';

/** A signed-in shopper with a fresh session token (as the browser's cookie holds it). */
async function signedIn() {
  const d = await createTestDatabase();
  const me = await newShopper(d);
  const { token } = await createSession(d.db, me.user.uid);
  return { d, me, token };
}

describe("a shopper's header for shared pages (session/shopper-cache.ts)", () => {
  it('is the session user with the pieces in their cart, and nothing for an unknown, ended or expired session', async () => {
    const { d, me, token } = await signedIn();
    expect(await shopperOf(d.db, token)).toEqual({ user: me.user, cartCount: 0, unread: 0 });
    expect(await shopperOf(d.db, 'no-such-token')).toBeNull();
    expect(await shopperOf(d.db, '')).toBeNull();
    const later = Date.now() + SESSION_TTL_SECONDS * 1000 + 1000;
    expect(await shopperOf(d.db, token, later)).toBeNull();
    await revokeSession(d.db, token);
    expect(await shopperOf(d.db, token)).toBeNull();
  });

  it('shows every cart change and order at once: adding, changing, deleting, ordering; buy-now lines are not counted', async () => {
    const { d, me, token } = await signedIn();
    const sku = await pickSku(d);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(0);
    const line = await addLine(me, sku, 2);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(2);
    await addLine(me, sku, 1);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(3);
    await changeCart(me, { id: line, cart_num: 1 });
    expect((await shopperOf(d.db, token))!.cartCount).toBe(1);
    await addLine(me, sku, 4, true);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(1);
    await placeOrder(me, [line]);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(0);
    const other = await addLine(me, await pickSku(d, { except: [sku.productId] }), 2);
    expect((await shopperOf(d.db, token))!.cartCount).toBe(2);
    await deleteCart(me, { cart_id: [other] });
    expect((await shopperOf(d.db, token))!.cartCount).toBe(0);
  });

  it('is gone for a session signed out, while the same shopper stays signed in elsewhere', async () => {
    const { d, me, token } = await signedIn();
    const { token: phone } = await createSession(d.db, me.user.uid);
    expect(await shopperOf(d.db, phone)).not.toBeNull();
    await logout(d, token);
    expect(await shopperOf(d.db, token)).toBeNull();
    expect(await shopperOf(d.db, phone)).toEqual({ user: me.user, cartCount: 0, unread: 0 });
  });

  it('does not keep what it read while a change to the shopper was announced', async () => {
    const { d, me, token } = await signedIn();
    const sku = await pickSku(d);
    const reading = shopperOf(d.db, token);
    // A write to this shopper commits (and says so) while the read is in flight; the read may have missed it.
    invalidate(d.db, [tag('shopper', me.user.uid)]);
    expect((await reading)!.cartCount).toBe(0);
    await d.db.insert(cart).values({ uid: me.user.uid, productId: sku.productId, productAttrUnique: sku.unique, cartNum: 2 });
    expect((await shopperOf(d.db, token))!.cartCount).toBe(2);
  });
});
