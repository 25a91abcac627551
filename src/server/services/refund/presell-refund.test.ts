import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { presellRefundSuite } from './presell-refund-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

presellRefundSuite(createTestDatabase);
