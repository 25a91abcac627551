import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { exchangeRate } from '../../db/schema/index.ts';
import { convertPrice } from './convert-price.ts';
import { getExchangeRate } from './get-exchange-rate.ts';
import { invalidateCatalogue, CACHE_KEYS } from '../cache.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('price conversion', () => {
  it('converts CNY cents with the stored rate and tells its date', async () => {
    const ctx = visitorContext(db);
    expect(await convertPrice(ctx, { cents: 19900, currency: 'USD' })).toEqual({
      currency: 'USD',
      symbol: 'US$',
      amount: '27.98',
      rate: '0.14060000',
      rate_date: '2026-01-02',
      base_price: '199.00',
    });
    expect((await convertPrice(ctx, { cents: 19900, currency: 'jpy' })).amount).toBe('4348');
    expect((await convertPrice(ctx, { cents: 19900, currency: 'CNY' })).amount).toBe('199.00');
  });

  it('has rates for the main currencies of the locale picker', async () => {
    for (const currency of ['HKD', 'TWD', 'SGD', 'EUR', 'GBP', 'KRW', 'AUD', 'CAD', 'MYR', 'MOP']) {
      expect((await getExchangeRate(visitorContext(db), { currency })).rate_date).toBe('2026-01-02');
    }
  });

  it('follows a new rate once the cache is invalidated', async () => {
    const own = await createTestDatabase();
    const ctx = visitorContext(own);
    await convertPrice(ctx, { cents: 100, currency: 'USD' });
    await own.db.update(exchangeRate).set({ rate: '0.5', rateDate: '2026-02-01' }).where(eq(exchangeRate.currencyCode, 'USD'));
    invalidateCatalogue(own.db, CACHE_KEYS.rates);
    expect(await convertPrice(ctx, { cents: 100, currency: 'USD' })).toMatchObject({ amount: '0.50', rate_date: '2026-02-01' });
  });

  it('refuses unknown currencies and bad amounts', async () => {
    const ctx = visitorContext(db);
    await expect(convertPrice(ctx, { cents: 100, currency: 'XXX' })).rejects.toMatchObject({ status: 404, message: '暂不支持该币种' });
    await expect(convertPrice(ctx, { cents: 100, currency: 'US' })).rejects.toMatchObject({ status: 400, message: '币种格式不正确' });
    await expect(convertPrice(ctx, { cents: -1, currency: 'USD' })).rejects.toMatchObject({ status: 400, message: '金额格式不正确' });
    await expect(convertPrice(ctx, { cents: 1.5, currency: 'USD' })).rejects.toMatchObject({ status: 400 });
  });
});
