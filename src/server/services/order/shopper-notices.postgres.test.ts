import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { shopperNoticesSuite } from './shopper-notices-suite.ts';

const pg = usePostgres(180000);

shopperNoticesSuite(async () => pg.server);
