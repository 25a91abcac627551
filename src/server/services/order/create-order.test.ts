import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { orderSuite } from './order-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

orderSuite(createTestDatabase);
