import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { operatorSuite } from './operator-suite.ts';

operatorSuite(createTestDatabase);
