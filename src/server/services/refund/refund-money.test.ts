import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { refundMoneySuite } from './refund-money-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

refundMoneySuite(createTestDatabase);
