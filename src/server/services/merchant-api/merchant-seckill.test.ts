import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantSeckillSuite } from './merchant-seckill-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

merchantSeckillSuite(createTestDatabase);
