import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantApiSuite } from './merchant-api-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

merchantApiSuite(createTestDatabase);
