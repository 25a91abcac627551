// The wallet on the production path: the same suite on a real PostgreSQL 15 server, where identical changes really
// race on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { walletSuite } from './wallet-suite.ts';

const pg = usePostgres(180000);

walletSuite(async () => pg.server);
