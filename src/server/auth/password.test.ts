import { describe, it, expect, beforeAll } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

let stored: string;
beforeAll(async () => {
  stored = await hashPassword('mall123456');
});

describe('password hashing', () => {
  it('stores a self-describing scrypt hash, never the password', () => {
    const [alg, n, r, p, salt, hash] = stored.split('$');
    expect([alg, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('mall123456');
  });

  it('salts every hash, so equal passwords give different hashes that both verify', async () => {
    const again = await hashPassword('mall123456');
    expect(again).not.toBe(stored);
    expect(await verifyPassword('mall123456', again)).toBe(true);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    expect(await verifyPassword('mall123456', stored)).toBe(true);
    for (const wrong of ['mall12345', 'mall1234567', 'MALL123456', ' mall123456', '']) {
      expect(await verifyPassword(wrong, stored), JSON.stringify(wrong)).toBe(false);
    }
  });

  it('treats full-width input like its ASCII form (Chinese IME typing)', async () => {
    expect(await verifyPassword('ｍａｌｌ１２３４５６', stored)).toBe(true);
  });

  it('handles Chinese and long passwords', async () => {
    const h = await hashPassword('密码abc123');
    expect(await verifyPassword('密码abc123', h)).toBe(true);
    expect(await verifyPassword('密碼abc123', h)).toBe(false);
    const long = 'a1'.repeat(500);
    expect(await verifyPassword(long, await hashPassword(long))).toBe(true);
  });

  it.each([null, undefined, '', 'mall123456', 'plain$text', 'bcrypt$2b$10$abc$def$ghi', 'scrypt$16384$8$1$c2FsdA=='])(
    'never matches a missing or foreign stored value %j',
    async (bad) => {
      expect(await verifyPassword('mall123456', bad)).toBe(false);
    },
  );

  it('refuses a stored hash whose salt or digest was changed', async () => {
    const parts = stored.split('$');
    const otherSalt = [...parts.slice(0, 4), Buffer.alloc(16, 7).toString('base64'), parts[5]].join('$');
    expect(await verifyPassword('mall123456', otherSalt)).toBe(false);
    const digest = Buffer.from(parts[5]!, 'base64');
    digest[0] = (digest[0]! + 1) % 256;
    expect(await verifyPassword('mall123456', [...parts.slice(0, 5), digest.toString('base64')].join('$'))).toBe(false);
  });
});

describe('verifyPassword with a damaged stored hash', () => {
  it('never matches an empty or truncated digest', async () => {
    const good = await hashPassword('mall123456');
    const parts = good.split('$');
    const empty = [...parts.slice(0, 5), ''].join('$');
    const truncated = [...parts.slice(0, 5), Buffer.from(parts[5]!, 'base64').subarray(0, 4).toString('base64')].join('$');
    expect(await verifyPassword('anything', empty)).toBe(false);
    expect(await verifyPassword('mall123456', truncated)).toBe(false);
  });

  it('returns false instead of throwing on impossible parameters', async () => {
    const good = await hashPassword('mall123456');
    const [, , r, p, salt, hash] = good.split('$');
    for (const n of ['abc', '3', '99999999', '0']) {
      expect(await verifyPassword('mall123456', ['scrypt', n, r, p, salt, hash].join('$'))).toBe(false);
    }
  });
});
