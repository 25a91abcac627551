import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { chatSuite } from './chat-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

chatSuite(createTestDatabase);
