import { describe, it, expect } from 'vitest';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { findSessionUser } from '../session/sessions.ts';
import { logout } from './logout.ts';

describe('logout (POST /api/logout)', () => {
  it('revokes only the current session', async () => {
    const db = await createTestDatabase();
    const phone = await userContext(db, 1);
    const laptop = await userContext(db, 1);
    expect(await logout(phone, phone.token)).toEqual({ message: '已退出登录' });
    expect(await findSessionUser(db.db, phone.token)).toBeNull();
    expect((await findSessionUser(db.db, laptop.token))?.uid).toBe(1);
  });

  it('answers a visitor the same way (idempotent)', async () => {
    const db = await createTestDatabase();
    expect(await logout(visitorContext(db), null)).toEqual({ message: '已退出登录' });
    const me = await userContext(db, 2);
    await logout(me, me.token);
    await expect(logout(me, me.token)).resolves.toEqual({ message: '已退出登录' });
  });
});
