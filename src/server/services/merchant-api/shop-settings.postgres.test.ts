// A shop's settings and categories on the production path: the same suite on a real PostgreSQL 15 server, where
// category creations in two shops run in parallel on a pool of connections (PGlite runs one transaction at a time).
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { shopSettingsSuite } from './shop-settings-suite.ts';

const pg = usePostgres(180000);

shopSettingsSuite(async () => pg.server);
