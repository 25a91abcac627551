import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { merchantRefundOrderSuite } from './merchant-refund-order-suite.ts';

const pg = usePostgres(180000);

merchantRefundOrderSuite(async () => pg.server);
