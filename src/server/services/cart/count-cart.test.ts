import { describe, it, expect } from 'vitest';
import { createTestDatabase, userContext, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { countCart } from './count-cart.ts';

describe('countCart', () => {
  it('counts the pieces in the member demo cart', async () => {
    const db = await createTestDatabase();
    expect(await countCart(await userContext(db, 1))).toEqual([{ count: 3 }]);
  });
  it('refuses a visitor with 请登录', async () => {
    const db = await createTestDatabase();
    await expect(countCart(visitorContext(db))).rejects.toMatchObject({ status: 400, message: '请登录' });
  });
});
