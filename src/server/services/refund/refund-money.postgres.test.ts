// The merchant's side of refunds on the production path: the same suite on a real PostgreSQL 15 server, where
// approvals, cancels and the refund job really run in parallel on a pool of connections.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { refundMoneySuite } from './refund-money-suite.ts';

const pg = usePostgres(180000);

refundMoneySuite(async () => pg.server);
