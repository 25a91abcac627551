import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantCouponsSuite } from './coupons-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

merchantCouponsSuite(createTestDatabase);
