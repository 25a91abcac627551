import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { merchantNoticesSuite } from './merchant-notices-suite.ts';

const pg = usePostgres(180000);

merchantNoticesSuite(async () => pg.server);
