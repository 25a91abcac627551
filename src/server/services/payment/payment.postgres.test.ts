// Payment on the production path: the same suite on a real PostgreSQL 15 server, where payments, notifications and
// cancels really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { paymentSuite } from './payment-suite.ts';

const pg = usePostgres(180000);

paymentSuite(async () => pg.server);
