import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantProductsSuite } from './merchant-products-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

merchantProductsSuite(createTestDatabase);
