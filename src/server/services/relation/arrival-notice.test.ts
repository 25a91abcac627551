import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { arrivalNoticeSuite } from './arrival-notice-suite.ts';

arrivalNoticeSuite(createTestDatabase);
