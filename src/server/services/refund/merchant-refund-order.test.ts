import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { merchantRefundOrderSuite } from './merchant-refund-order-suite.ts';

merchantRefundOrderSuite(createTestDatabase);
