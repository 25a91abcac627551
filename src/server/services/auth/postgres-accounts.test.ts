// The accounts flows on a real PostgreSQL 15 server (the production path): advisory locks, row locks and the
// accounts migration must behave as on the embedded PGlite.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPostgres } from '../../../../tests/helpers/postgres-server.ts';
import { at, freshPhone, installMemorySms, solvedCaptcha } from '../../../../tests/helpers/auth.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import { findSessionUser } from '../session/sessions.ts';
import { sendCode } from './send-code.ts';
import { register } from './register.ts';
import { passwordLogin } from './password-login.ts';
import { smsLogin } from './sms-login.ts';
import { browserSecret, checkScanLogin, confirmScanLogin, createScanLogin } from './scan-login.ts';

const sms = installMemorySms();
let pg: Awaited<ReturnType<typeof startPostgres>>;
let server: Database;
let ctx: ServiceContext;

beforeAll(async () => {
  pg = await startPostgres();
  server = await openDatabase({ databaseUrl: pg.url });
  ctx = { db: server.db, user: null, ip: '10.15.0.1' };
}, 120000);

afterAll(async () => {
  await server?.close();
  pg?.stop();
});

describe('accounts on PostgreSQL 15', () => {
  it('registers, signs in by password and by SMS, with the send limits in force', async () => {
    const phone = freshPhone();
    await sendCode(ctx, { phone_code: '86', phone, type: 'register' }, at(0));
    await expect(sendCode(ctx, { phone_code: '86', phone, type: 'register' }, at(1))).rejects.toMatchObject({ status: 429 });
    await register(ctx, { phone_code: '86', phone, sms_code: sms.last(phone)!, pwd: 'pg15pass' }, at(2));
    const s = await passwordLogin(ctx, { account: `86${phone}`, password: 'pg15pass' }, at(3));
    expect((await findSessionUser(server.db, s.token, at(4)))?.nickname).toBe(`用户${phone.slice(-4)}`);
    await sendCode(ctx, { phone_code: '86', phone, type: 'login' }, at(5));
    await expect(smsLogin(ctx, { phone_code: '86', phone, sms_code: sms.last(phone)! }, at(6))).resolves.toMatchObject({
      user: { uid: s.user.uid },
    });
  });

  it('counts parallel sends to one phone once (advisory lock)', async () => {
    const phone = freshPhone();
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => sendCode(ctx, { phone_code: '86', phone, type: 'login' }, at(100))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('evaluates exactly the limit of parallel password guesses for one account, then demands the captcha', async () => {
    const phone = freshPhone();
    await sendCode(ctx, { phone_code: '86', phone, type: 'register' }, at(500));
    await register(ctx, { phone_code: '86', phone, sms_code: sms.last(phone)!, pwd: 'right2026' }, at(501));
    // 41 guesses at once, each from its own address, so only the account's limit applies.
    const guesses = Array.from({ length: 41 }, (_, i) =>
      passwordLogin({ ...ctx, ip: `10.16.${i >> 8}.${i & 255}` }, { account: `86${phone}`, password: `wrong${i}x` }, at(502)),
    );
    const results = await Promise.allSettled(guesses);
    const messages = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'signed in'));
    expect(messages.filter((m) => m === '账号或密码错误')).toHaveLength(5);
    expect(messages.filter((m) => m === '请输入图形验证码')).toHaveLength(36);
    // The right password without the captcha is refused too: the ninth guess of an attacker is not let in.
    await expect(
      passwordLogin({ ...ctx, ip: '10.17.0.1' }, { account: `86${phone}`, password: 'right2026' }, at(503)),
    ).rejects.toMatchObject({
      data: { need_captcha: true },
    });
  });

  it('demands and checks the image captcha', async () => {
    const phone = freshPhone();
    for (const t of [200, 260, 320]) await sendCode(ctx, { phone_code: '86', phone, type: 'login' }, at(t));
    await expect(sendCode(ctx, { phone_code: '86', phone, type: 'login' }, at(400))).rejects.toMatchObject({
      data: { need_captcha: true },
    });
    await expect(
      sendCode(ctx, { phone_code: '86', phone, type: 'login', ...(await solvedCaptcha(ctx, at(401))) }, at(401)),
    ).resolves.toBeTruthy();
  });

  it('signs a browser in by scan, once', async () => {
    const s = await passwordLogin({ ...ctx, ip: '10.15.0.2' }, { account: '8613800138000', password: 'mall123456' }, at(0));
    const phoneUser = await findSessionUser(server.db, s.token, at(1));
    const browser = browserSecret(null);
    const { key } = await createScanLogin(ctx, { browser }, at(0));
    await confirmScanLogin({ db: server.db, user: phoneUser }, { key, confirm: true }, at(1));
    const checks = await Promise.all([0, 1, 2].map(() => checkScanLogin(ctx, { key }, browser, at(2))));
    expect(checks.filter((c) => c.status === 200)).toHaveLength(1);
  });
});
