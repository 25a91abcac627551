import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { loadPricing } from './pricing.ts';
import type { Db } from '../db/client.ts';

let db: Db;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

describe('loadPricing', () => {
  it('shows CNY prices as charged', async () => {
    const p = await loadPricing({ db }, { country: 'CN', currency: 'CNY', symbol: '¥' });
    expect(p.base).toBe(true);
    expect(p.show('199.00')).toBe('¥199.00');
    expect(p.show(19900)).toBe('¥199.00');
  });

  it('converts with the stored rate and the cookie symbol, keeping the charged price in CNY', async () => {
    const p = await loadPricing({ db }, { country: 'US', currency: 'USD', symbol: 'US$' });
    expect(p.base).toBe(false);
    expect(p.currency).toBe('USD');
    expect(p.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const shown = p.show('199.00');
    expect(shown.startsWith('US$')).toBe(true);
    expect(Number(p.amount('199.00'))).toBeGreaterThan(20);
    expect(Number(p.amount('199.00'))).toBeLessThan(40);
    expect(p.charged('199.00')).toBe('¥199.00');
  });

  it('uses no decimals for yen', async () => {
    const p = await loadPricing({ db }, { country: 'JP', currency: 'JPY', symbol: 'JP¥' });
    expect(p.amount('100.00')).toMatch(/^\d+$/);
  });

  it('falls back to CNY for a currency without a stored rate', async () => {
    const p = await loadPricing({ db }, { country: 'XX', currency: 'XXX', symbol: '$' });
    expect(p.base).toBe(true);
    expect(p.show('1.50')).toBe('¥1.50');
  });
});
