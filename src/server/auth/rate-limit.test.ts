import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { at } from '../../../tests/helpers/auth.ts';
import { rateLimitHit } from '../db/schema/index.ts';
import { addressKey, clear, count, hit, latest, lockKey } from './rate-limit.ts';

describe('database rate limits', () => {
  it('count the hits of a bucket inside the window only', async () => {
    const { db } = await createTestDatabase();
    await hit(db, 'b', at(0));
    await hit(db, 'b', at(30));
    await hit(db, 'other', at(30));
    expect(await count(db, 'b', 60, at(40))).toBe(2);
    expect(await count(db, 'b', 60, at(70))).toBe(1);
    expect(await count(db, 'b', 60, at(100))).toBe(0);
    expect(await count(db, 'other', 3600, at(100))).toBe(1);
  });

  it('know the latest hit and forget a cleared bucket', async () => {
    const { db } = await createTestDatabase();
    expect(await latest(db, 'b')).toBeNull();
    await hit(db, 'b', at(0));
    await hit(db, 'b', at(5));
    expect(await latest(db, 'b')).toEqual(at(5));
    await clear(db, 'b');
    expect(await count(db, 'b', 3600, at(6))).toBe(0);
  });

  it("prune a bucket's hits older than a day when it is hit again", async () => {
    const { db } = await createTestDatabase();
    await hit(db, 'b', at(0));
    await hit(db, 'b', at(86401));
    expect(await db.select().from(rateLimitHit).where(eq(rateLimitHit.bucket, 'b'))).toHaveLength(1);
  });

  it('hold across database connections, since the hits live in the database', async () => {
    const database = await createTestDatabase();
    await database.db.transaction(async (tx) => {
      await lockKey(tx as never, 'sms:phone:86-13800138000');
      await hit(tx as never, 'b', at(0));
    });
    expect(await count(database.db, 'b', 60, at(1))).toBe(1);
  });
});

describe('addressKey (who a per-address limit counts)', () => {
  it('keeps an IPv4 address, and an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const net = '2001:db8:aa:1::/64';
    for (const ip of ['2001:db8:aa:1::1', '2001:0db8:00aa:0001:ffff:ffff:ffff:fffe', '2001:DB8:AA:1:0:0:0:9', '2001:db8:aa:1::7%eth0']) {
      expect(addressKey(ip), ip).toBe(net);
    }
    expect(addressKey('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});
