import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { refundSuite } from './refund-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

refundSuite(createTestDatabase);
