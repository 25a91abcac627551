import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { operatorSuite } from './operator-suite.ts';

const pg = usePostgres(180000);

operatorSuite(async () => pg.server);
