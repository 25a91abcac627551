import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { financeSuite } from './finance-suite.ts';

const pg = usePostgres(180000);

financeSuite(async () => pg.server);
