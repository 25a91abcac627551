import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { arrivalNoticeSuite } from './arrival-notice-suite.ts';

const pg = usePostgres(180000);

arrivalNoticeSuite(async () => pg.server);
