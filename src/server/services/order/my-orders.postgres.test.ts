// The shopper's orders on the production path: the same suite on a real PostgreSQL 15 server, where confirmations,
// the automatic receipt and deletes really run in parallel on a pool of connections (PGlite runs one at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { myOrdersSuite } from './my-orders-suite.ts';

const pg = usePostgres(180000);

myOrdersSuite(async () => pg.server);
