// Reviews on the production path: the same suite on a real PostgreSQL 15 server, where double submits and reviews of
// two items of one order really run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { reviewSuite } from './review-suite.ts';

const pg = usePostgres(180000);

reviewSuite(async () => pg.server);
