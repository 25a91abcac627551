import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { shopSettingsSuite } from './shop-settings-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

shopSettingsSuite(createTestDatabase);
