// A shop's shipping templates on the production path: the same suite on a real PostgreSQL 15 server.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { shippingTemplatesSuite } from './shipping-templates-suite.ts';

const pg = usePostgres(180000);

shippingTemplatesSuite(async () => pg.server);
