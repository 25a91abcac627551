// Refunds of merchant-made presales on the production path: the same suite on a real PostgreSQL 15 server, where
// approvals and the refund.auto job really run in parallel on a pool of connections.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { presellRefundSuite } from './presell-refund-suite.ts';

const pg = usePostgres(180000);

presellRefundSuite(async () => pg.server);
