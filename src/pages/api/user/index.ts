import { endpoint, ok } from '../../../server/http/envelope.ts';
import { getUser } from '../../../server/services/user/get-user.ts';

export const GET = endpoint((ctx) => ok(getUser(ctx)));
