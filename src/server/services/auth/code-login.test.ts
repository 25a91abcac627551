import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { at } from '../../../../tests/helpers/auth.ts';
import { oauthIdentity, users } from '../../db/schema/index.ts';
import { useOAuthProvider, type OAuthIdentity } from '../../auth/oauth.ts';
import { ServiceError } from '../errors.ts';
import { codeLogin } from './code-login.ts';

afterEach(() => useOAuthProvider(null));

function provider(identities: Record<string, OAuthIdentity>) {
  useOAuthProvider({
    name: 'wechat',
    authorizeUrl: ({ state, redirectUri }) =>
      `https://open.example/authorize?state=${state}&redirect_uri=${encodeURIComponent(redirectUri)}`,
    async exchange(code) {
      const id = identities[code];
      if (!id) throw new ServiceError('refused', '授权已失效，请重新登录');
      return id;
    },
  });
}

describe('codeLogin (third-party code)', () => {
  it('answers 未配置第三方登录 when no provider is configured, whatever the code', async () => {
    const db = await createTestDatabase();
    for (const code of ['abc', '', undefined]) {
      await expect(codeLogin(visitorContext(db), { code, state: 's1' }, 's1')).rejects.toMatchObject({
        status: 400,
        message: '未配置第三方登录',
      });
    }
  });

  it('links a verified phone to its account the first time, then signs in by the link', async () => {
    const db = await createTestDatabase();
    provider({ c1: { subject: 'open-1', phone: { phoneCode: '86', phone: '13800138000' } }, c2: { subject: 'open-1' } });
    expect((await codeLogin(visitorContext(db), { code: 'c1', state: 's1' }, 's1', at(0))).user.uid).toBe(1);
    expect((await codeLogin(visitorContext(db), { code: 'c2', state: 's1' }, 's1', at(1))).user.uid).toBe(1);
    expect(await db.db.select({ uid: oauthIdentity.uid }).from(oauthIdentity)).toEqual([{ uid: 1 }]);
  });

  it('creates an account for a new verified phone, refuses an identity without one', async () => {
    const db = await createTestDatabase();
    provider({ c1: { subject: 'open-2', phone: { phoneCode: '86', phone: '13512345678' } }, c2: { subject: 'open-3' } });
    const s = await codeLogin(visitorContext(db), { code: 'c1', state: 's1' }, 's1', at(0));
    expect(s.user.nickname).toBe('用户5678');
    await expect(codeLogin(visitorContext(db), { code: 'c2', state: 's1' }, 's1')).rejects.toMatchObject({
      status: 400,
      message: '该第三方账号未绑定手机号，请先使用手机号登录',
    });
    await expect(codeLogin(visitorContext(db), { code: 'nope', state: 's1' }, 's1')).rejects.toMatchObject({
      message: '授权已失效，请重新登录',
    });
    await expect(codeLogin(visitorContext(db), { code: '', state: 's1' }, 's1')).rejects.toMatchObject({ message: '缺少登录凭证' });
  });

  it('refuses a callback whose state is not the one this browser was given, before asking the provider', async () => {
    const db = await createTestDatabase();
    let asked = 0;
    useOAuthProvider({
      name: 'wechat',
      authorizeUrl: () => 'https://open.example/authorize',
      async exchange() {
        asked++;
        return { subject: 'open-9', phone: { phoneCode: '86', phone: '13800138000' } };
      },
    });
    for (const [state, expected] of [
      [undefined, 's1'],
      ['s1', undefined],
      ['s2', 's1'],
      ['s1x', 's1'],
    ] as const) {
      await expect(codeLogin(visitorContext(db), { code: 'c1', state }, expected)).rejects.toMatchObject({
        status: 400,
        message: '登录请求已失效，请重新登录',
      });
    }
    expect(asked).toBe(0);
    expect((await codeLogin(visitorContext(db), { code: 'c1', state: 's1' }, 's1')).user.uid).toBe(1);
  });

  it('refuses a disabled account', async () => {
    const db = await createTestDatabase();
    provider({ c1: { subject: 'open-4', phone: { phoneCode: '86', phone: '13900139000' } } });
    await db.db.update(users).set({ status: false }).where(eq(users.uid, 2));
    await expect(codeLogin(visitorContext(db), { code: 'c1', state: 's1' }, 's1')).rejects.toMatchObject({ message: '账号已被禁用' });
  });
});
