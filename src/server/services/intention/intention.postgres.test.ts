import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { intentionSuite } from './intention-suite.ts';

const pg = usePostgres(180000);

intentionSuite(async () => pg.server);
