// A shop's presales on the production path: the same suite on a real PostgreSQL 15 server, where a merchant's stock
// change and shoppers' orders really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { merchantPresellSuite } from './merchant-presell-suite.ts';

const pg = usePostgres(180000);

merchantPresellSuite(async () => pg.server);
