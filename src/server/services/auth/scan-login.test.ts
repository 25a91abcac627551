import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { at, visitorFrom } from '../../../../tests/helpers/auth.ts';
import { config } from '../../config.ts';
import { scanLogin, userSession } from '../../db/schema/index.ts';
import { findSessionUser } from '../session/sessions.ts';
import { formatDateTime } from '../dates.ts';
import { browserSecret, checkScanLogin, confirmScanLogin, createScanLogin, scanLoginInfo } from './scan-login.ts';

const pc = browserSecret(null);
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function setup() {
  const db = await createTestDatabase();
  const browser = visitorFrom(db, '203.0.113.57');
  const phone = await userContext(db, 1);
  const { key } = await createScanLogin(browser, { browser: pc, userAgent: CHROME_ON_WINDOWS }, at(0));
  return { db, browser, phone, key };
}

describe('scan login', () => {
  it('hands out a 5-minute key with a QR code of the confirmation page', async () => {
    const db = await createTestDatabase();
    const r = await createScanLogin(visitorFrom(db), { browser: pc }, at(0));
    expect(r.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.timeout).toBe(300);
    expect(r.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(r.qrcode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(`${config.siteUrl}/scan_login?key=${r.key}`).toMatch(/^https?:\/\/[^/]+\/scan_login\?key=/);
    expect(JSON.stringify(await db.db.select().from(scanLogin))).not.toContain(r.key);
  });

  it('goes 201 (waiting) → confirmed on the phone → 200 with a session, and then the key is used up', async () => {
    const { db, browser, phone, key } = await setup();
    expect(await checkScanLogin(browser, { key }, pc, at(2))).toEqual({ status: 201 });
    expect(await scanLoginInfo(phone, { key }, at(3))).toMatchObject({
      status: 'pending',
      expires_at: Math.floor(at(300).getTime() / 1000),
    });
    expect(await confirmScanLogin(phone, { key, confirm: true }, at(4))).toEqual({ message: '已确认登录' });
    expect((await scanLoginInfo(phone, { key }, at(5))).status).toBe('confirmed');
    const done = await checkScanLogin(browser, { key }, pc, at(6));
    expect(done.status).toBe(200);
    if (done.status !== 200) return;
    expect(done.result.user).toMatchObject({ uid: 1, nickname: '会员小米' });
    expect((await findSessionUser(db.db, done.result.token, at(7)))?.uid).toBe(1);
    expect(await checkScanLogin(browser, { key }, pc, at(8))).toMatchObject({ status: 400 });
    expect((await scanLoginInfo(phone, { key }, at(9))).status).toBe('used');
    await expect(confirmScanLogin(phone, { key, confirm: true }, at(10))).rejects.toMatchObject({ status: 400 });
  });

  it('keeps the asking browser, address and time with the key, and shows them on the confirmation page', async () => {
    const { db, phone, key } = await setup();
    const [row] = await db.db.select().from(scanLogin);
    expect(row).toMatchObject({ ip: '203.0.113.57', userAgent: CHROME_ON_WINDOWS, createdAt: at(0) });
    const info = await scanLoginInfo(phone, { key }, at(95));
    expect(info.requester).toEqual({
      browser: 'Chrome 126',
      os: 'Windows 10/11',
      ip: '203.0.113.*',
      requested_at: formatDateTime(at(0)),
      seconds_ago: 95,
    });
    // Mall time is Beijing time whatever the server's zone.
    expect(formatDateTime(new Date('2026-03-01T16:30:05Z'))).toBe('2026-03-02 00:30:05');
  });

  it('keeps at most 300 characters of a User-Agent, and shows 未知 for what it does not know', async () => {
    const db = await createTestDatabase();
    const phone = await userContext(db, 1);
    const long = `${CHROME_ON_WINDOWS} ${'x'.repeat(1000)}`;
    const { key } = await createScanLogin(visitorFrom(db), { browser: pc, userAgent: long }, at(0));
    const [row] = await db.db.select().from(scanLogin);
    expect(row!.userAgent).toBe(long.slice(0, 300));
    expect((await scanLoginInfo(phone, { key }, at(1))).requester).toMatchObject({ browser: 'Chrome 126' });
    const bare = await createScanLogin({ db: db.db, user: null }, { browser: pc }, at(2));
    expect((await scanLoginInfo(phone, { key: bare.key }, at(3))).requester).toMatchObject({
      browser: '未知浏览器',
      os: '未知系统',
      ip: '未知',
    });
  });

  it('shows who asked only to the shopper who answered, once the key is answered', async () => {
    const { db, phone, key } = await setup();
    const other = await userContext(db, 2);
    expect((await scanLoginInfo(other, { key }, at(1))).requester).not.toBeNull();
    await confirmScanLogin(phone, { key, confirm: false }, at(2));
    expect((await scanLoginInfo(phone, { key }, at(3))).requester?.ip).toBe('203.0.113.*');
    expect(await scanLoginInfo(other, { key }, at(3))).toMatchObject({ status: 'refused', requester: null });
  });

  it('takes one answer: a second confirmation, or a confirmation after a refusal, is refused and changes nothing', async () => {
    const { db, browser, phone, key } = await setup();
    const other = await userContext(db, 2);
    const gone = { status: 400, message: '二维码已失效，请在电脑上刷新后重新扫码' };
    await confirmScanLogin(phone, { key, confirm: true }, at(1));
    await expect(confirmScanLogin(phone, { key, confirm: true }, at(2))).rejects.toMatchObject(gone);
    await expect(confirmScanLogin(phone, { key, confirm: false }, at(2))).rejects.toMatchObject(gone);
    await expect(confirmScanLogin(other, { key, confirm: true }, at(2))).rejects.toMatchObject(gone);
    expect(await db.db.select({ status: scanLogin.status, uid: scanLogin.uid }).from(scanLogin)).toEqual([{ status: 'confirmed', uid: 1 }]);
    // The first answer stands: the browser is signed in as the shopper who confirmed.
    const done = await checkScanLogin(browser, { key }, pc, at(3));
    expect(done.status === 200 && done.result.user.uid).toBe(1);

    const refused = await setup();
    await confirmScanLogin(refused.phone, { key: refused.key, confirm: false }, at(1));
    await expect(confirmScanLogin(refused.phone, { key: refused.key, confirm: true }, at(2))).rejects.toMatchObject(gone);
    await expect(confirmScanLogin(refused.phone, { key: refused.key, confirm: false }, at(2))).rejects.toMatchObject(gone);
    expect(await refused.db.db.select({ status: scanLogin.status }).from(scanLogin)).toEqual([{ status: 'refused' }]);
    expect(await checkScanLogin(refused.browser, { key: refused.key }, pc, at(3))).toEqual({ status: 400, message: '已拒绝登录' });
    expect(await refused.db.db.select().from(userSession).where(eq(userSession.uid, 1))).toHaveLength(1);
  });

  it('hands the browser its session exactly once, however often it polls', async () => {
    const { db, browser, phone, key } = await setup();
    const sessions = async () => (await db.db.select().from(userSession).where(eq(userSession.uid, 1))).length;
    const before = await sessions();
    await confirmScanLogin(phone, { key, confirm: true }, at(1));
    const polls = await Promise.all([2, 2, 2].map((t) => checkScanLogin(browser, { key }, pc, at(t))));
    expect(polls.filter((p) => p.status === 200)).toHaveLength(1);
    expect(polls.filter((p) => p.status === 400)).toEqual([
      { status: 400, message: '二维码已使用，请刷新' },
      { status: 400, message: '二维码已使用，请刷新' },
    ]);
    expect(await checkScanLogin(browser, { key }, pc, at(3))).toEqual({ status: 400, message: '二维码已使用，请刷新' });
    expect(await sessions()).toBe(before + 1);
  });

  it('stops with 400 when the shopper refuses', async () => {
    const { browser, phone, key } = await setup();
    expect(await confirmScanLogin(phone, { key, confirm: false }, at(1))).toEqual({ message: '已拒绝登录' });
    expect(await checkScanLogin(browser, { key }, pc, at(2))).toEqual({ status: 400, message: '已拒绝登录' });
    expect((await scanLoginInfo(phone, { key }, at(3))).status).toBe('refused');
  });

  it('expires after 5 minutes: 400 for the browser, no confirming any more', async () => {
    const { browser, phone, key } = await setup();
    expect(await checkScanLogin(browser, { key }, pc, at(299))).toEqual({ status: 201 });
    expect(await checkScanLogin(browser, { key }, pc, at(300))).toEqual({ status: 400, message: '二维码已过期，请刷新' });
    expect((await scanLoginInfo(phone, { key }, at(300))).status).toBe('expired');
    await expect(confirmScanLogin(phone, { key, confirm: true }, at(301))).rejects.toMatchObject({
      status: 400,
      message: '二维码已失效，请在电脑上刷新后重新扫码',
    });
  });

  it("still signs in after a confirmation in the key's last second", async () => {
    const { browser, phone, key } = await setup();
    await confirmScanLogin(phone, { key, confirm: true }, at(299));
    expect((await checkScanLogin(browser, { key }, pc, at(301))).status).toBe(200);
  });

  it('cannot be claimed from another browser, even with the key and a confirmation', async () => {
    const { browser, phone, key } = await setup();
    expect(await checkScanLogin(browser, { key }, browserSecret(null), at(1))).toEqual({ status: 400, message: '二维码已失效，请刷新' });
    expect(await checkScanLogin(browser, { key }, null, at(1))).toMatchObject({ status: 400 });
    await confirmScanLogin(phone, { key, confirm: true }, at(2));
    expect(await checkScanLogin(browser, { key }, browserSecret(null), at(3))).toMatchObject({ status: 400 });
    expect((await checkScanLogin(browser, { key }, pc, at(4))).status).toBe(200);
  });

  it('keeps a well-formed browser secret and replaces anything else', () => {
    expect(browserSecret(pc)).toBe(pc);
    for (const bad of [undefined, '', 'short', `${pc}x`, 'a'.repeat(42) + '!']) expect(browserSecret(bad)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browserSecret('short')).not.toBe(browserSecret('short'));
  });

  it('answers 400 for an unknown or malformed key', async () => {
    const db = await createTestDatabase();
    expect(await checkScanLogin(visitorFrom(db), { key: 'x'.repeat(43) }, pc, at(0))).toEqual({
      status: 400,
      message: '二维码已失效，请刷新',
    });
    await expect(checkScanLogin(visitorFrom(db), { key: '' }, pc)).rejects.toMatchObject({ status: 400 });
  });

  it('needs a signed-in shopper to look at or confirm a key', async () => {
    const { db, key } = await setup();
    await expect(scanLoginInfo(visitorContext(db), { key })).rejects.toMatchObject({ message: '请登录' });
    await expect(confirmScanLogin(visitorContext(db), { key, confirm: true })).rejects.toMatchObject({ message: '请登录' });
  });

  it('limits how many keys one address can ask for in an hour', async () => {
    const db = await createTestDatabase();
    const ctx = visitorFrom(db);
    for (let i = 0; i < 120; i++) await createScanLogin(ctx, { browser: pc }, at(i));
    await expect(createScanLogin(ctx, { browser: pc }, at(200))).rejects.toMatchObject({ status: 429 });
    await expect(createScanLogin(ctx, { browser: pc }, at(3700))).resolves.toBeTruthy();
  });
});
