// The merchant API on the production path: the same suite on a real PostgreSQL 15 server, where concurrent
// shipments and verifications really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { merchantApiSuite } from './merchant-api-suite.ts';

const pg = usePostgres(180000);

merchantApiSuite(async () => pg.server);
