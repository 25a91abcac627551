import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { reviewSuite } from './review-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

reviewSuite(createTestDatabase);
