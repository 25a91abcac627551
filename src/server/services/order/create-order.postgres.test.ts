// Checkout on the production path: the same suite on a real PostgreSQL 15 server, where creates really run in
// parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { orderSuite } from './order-suite.ts';

const pg = usePostgres(180000);

orderSuite(async () => pg.server);
