import { endpoint, ok } from '../../server/http/envelope.ts';
import { getVersion } from '../../server/services/site/get-version.ts';

/** The footer's copyright line `{year, url, beian_sn, Copyright, status}`. */
export const GET = endpoint(async (ctx) => ok(await getVersion(ctx)));
