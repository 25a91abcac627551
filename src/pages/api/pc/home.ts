import { endpoint, ok } from '../../../server/http/envelope.ts';
import { getHome } from '../../../server/services/site/get-home.ts';

export const GET = endpoint(async (ctx) => ok(await getHome(ctx)));
