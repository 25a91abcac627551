import { endpoint, ok } from '../../../server/http/envelope.ts';
import { getUser } from '../../../server/services/user/get-user.ts';

export const GET = endpoint(async (ctx) => ok(await getUser(ctx)));
