import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { paymentSuite } from './payment-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

paymentSuite(createTestDatabase);
