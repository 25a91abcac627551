import { beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { shippingTemplatesSuite } from './shipping-templates-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

shippingTemplatesSuite(createTestDatabase);
