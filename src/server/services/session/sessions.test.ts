import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { users, userSession } from '../../db/schema/index.ts';
import { createSession, findSessionUser, revokeSession, SESSION_TTL_SECONDS } from './sessions.ts';

const WEEK_MS = 604800 * 1000;
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('sessions', () => {
  it('last 604800 seconds (7 days, spec section 9)', async () => {
    expect(SESSION_TTL_SECONDS).toBe(604800);
    const { db } = await createTestDatabase();
    const { expiresAt } = await createSession(db, 1, t0);
    expect(expiresAt.getTime() - t0.getTime()).toBe(WEEK_MS);
  });

  it('hand out a long random URL-safe token, different every time', async () => {
    const { db } = await createTestDatabase();
    const a = await createSession(db, 1, t0);
    const b = await createSession(db, 1, t0);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).not.toBe(a.token);
  });

  it('find the signed-in user behind a token', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1, t0);
    expect(await findSessionUser(db, token, at(1000))).toEqual({
      uid: 1,
      nickname: '会员小米',
      avatar: '/images/avatar-1.svg',
      phone: '13800138000',
      phoneCode: '86',
      isOpenMember: true,
      isMoneyLevel: 1,
      scope: 'user',
    });
    expect((await findSessionUser(db, (await createSession(db, 2, t0)).token, at(1000)))?.nickname).toBe('普通买家');
  });

  it('work until just before the expiry and not from the expiry on', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1, t0);
    expect((await findSessionUser(db, token, at(WEEK_MS - 1000)))?.uid).toBe(1);
    expect(await findSessionUser(db, token, at(WEEK_MS))).toBeNull();
    expect(await findSessionUser(db, token, at(WEEK_MS + 86400000))).toBeNull();
  });

  it('expire a week after they were created, not a week after now', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1, new Date(Date.now() - WEEK_MS - 1000));
    expect(await findSessionUser(db, token)).toBeNull();
  });

  it("stop working once revoked, without touching the user's other sessions", async () => {
    const { db } = await createTestDatabase();
    const phone = await createSession(db, 1);
    const laptop = await createSession(db, 1);
    await revokeSession(db, phone.token);
    expect(await findSessionUser(db, phone.token)).toBeNull();
    expect((await findSessionUser(db, laptop.token))?.uid).toBe(1);
  });

  it('ignore revoking an unknown token', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1);
    await expect(revokeSession(db, 'no-such-token')).resolves.toBeUndefined();
    expect((await findSessionUser(db, token))?.uid).toBe(1);
  });

  it.each([
    ['unknown', 'x'.repeat(43)],
    ['empty', ''],
    ['200 characters', 'a'.repeat(200)],
    ['over-long (201 characters)', 'a'.repeat(201)],
    ['huge', 'a'.repeat(100000)],
    ['SQL-looking', "' or '1'='1"],
  ])('give no user for a %s token', async (_name, token) => {
    const { db } = await createTestDatabase();
    await createSession(db, 1);
    expect(await findSessionUser(db, token)).toBeNull();
  });

  it('do not accept a token that only differs in case or padding', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1);
    expect(await findSessionUser(db, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase())).toBeNull();
    expect(await findSessionUser(db, `${token} `)).toBeNull();
    expect(await findSessionUser(db, token.slice(0, -1))).toBeNull();
  });

  it('end when the account is disabled', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 2);
    await db.update(users).set({ status: false }).where(eq(users.uid, 2));
    expect(await findSessionUser(db, token)).toBeNull();
  });

  it('store only the SHA-256 of the token, never the token itself', async () => {
    const { db } = await createTestDatabase();
    const { token } = await createSession(db, 1);
    const rows = await db.select().from(userSession).where(eq(userSession.uid, 1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    // A leaked hash is not a usable token.
    expect(await findSessionUser(db, rows[0]!.tokenHash)).toBeNull();
  });

  it('cannot be opened for a user that does not exist', async () => {
    const { db } = await createTestDatabase();
    await expect(createSession(db, 999999)).rejects.toThrow();
  });
});
