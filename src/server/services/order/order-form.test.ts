import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { orderFormSuite } from './order-form-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

orderFormSuite(createTestDatabase);
