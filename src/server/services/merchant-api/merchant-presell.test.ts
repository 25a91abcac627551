import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantPresellSuite } from './merchant-presell-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

merchantPresellSuite(createTestDatabase);
