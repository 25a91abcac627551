import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { myOrdersSuite } from './my-orders-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

myOrdersSuite(createTestDatabase);
