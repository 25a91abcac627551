import { endpoint, ok } from '../../../server/http/envelope.ts';
import { getSiteConfig } from '../../../server/services/site/get-site-config.ts';

export const GET = endpoint(async (ctx) => ok(await getSiteConfig(ctx)));
