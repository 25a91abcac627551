// The invoice verbs on the production path: the same suite on a real PostgreSQL 15 server, where concurrent title
// saves and invoice issues really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { invoiceSuite } from './invoice-suite.ts';

const pg = usePostgres(180000);

invoiceSuite(async () => pg.server);
