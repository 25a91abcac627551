import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 };

function derive(password: string, salt: Buffer, o: ScryptOptions & { keylen: number }): Promise<Buffer> {
  return new Promise((res, rej) =>
    scrypt(password.normalize('NFKC'), salt, o.keylen, { N: o.N, r: o.r, p: o.p, maxmem: 64 * 1024 * 1024 }, (e, k) =>
      e ? rej(e) : res(k),
    ),
  );
}

/** Memory-hard hash, self-describing so the parameters can be raised later: scrypt$N$r$p$salt$hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const m = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]{16,})\$([A-Za-z0-9+/=]+)$/.exec(stored ?? '');
  if (!m) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Only parameters we could have written: a power-of-two N in a sane range, and a full-length digest.
  if (N < 1024 || N > 1048576 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  if (expected.length !== PARAMS.keylen) return false;
  try {
    const key = await derive(password, Buffer.from(m[4]!, 'base64'), { N, r, p, keylen: PARAMS.keylen });
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}
