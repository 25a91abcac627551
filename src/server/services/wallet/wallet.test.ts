import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { walletSuite } from './wallet-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

walletSuite(createTestDatabase);
