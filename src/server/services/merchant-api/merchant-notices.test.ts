import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantNoticesSuite } from './merchant-notices-suite.ts';

merchantNoticesSuite(createTestDatabase);
