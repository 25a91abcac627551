// A shop's settings on the production path: the same suite on a real PostgreSQL 15 server.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { shopSettingsSuite } from './shop-settings-suite.ts';

const pg = usePostgres(180000);

shopSettingsSuite(async () => pg.server);
