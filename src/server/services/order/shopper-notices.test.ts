import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { shopperNoticesSuite } from './shopper-notices-suite.ts';

shopperNoticesSuite(createTestDatabase);
