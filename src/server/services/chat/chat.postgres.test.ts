// The chat on the production path: the same suite on a real PostgreSQL 15 server, where one shopper's concurrent
// sends really race for the rate limit on a pool of connections.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { chatSuite } from './chat-suite.ts';

const pg = usePostgres(180000);

chatSuite(async () => pg.server);
