// Order forms on the production path: the same suite on a real PostgreSQL 15 server.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { orderFormSuite } from './order-form-suite.ts';

const pg = usePostgres(180000);

orderFormSuite(async () => pg.server);
