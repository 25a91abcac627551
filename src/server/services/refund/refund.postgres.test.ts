// The shopper's refunds on the production path: the same suite on a real PostgreSQL 15 server, where two requests for
// the last unit and two cancels really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { refundSuite } from './refund-suite.ts';

const pg = usePostgres(180000);

refundSuite(async () => pg.server);
