// A shop's coupons on the production path: the same suite on a real PostgreSQL 15 server, where claims and the shop's
// writes really run at the same time.
import { usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { merchantCouponsSuite } from './coupons-suite.ts';

const pg = usePostgres(180000);

merchantCouponsSuite(async () => pg.server);
