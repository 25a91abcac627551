import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { financeSuite } from './finance-suite.ts';

financeSuite(createTestDatabase);
