import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { countCart } from '../../../../server/services/cart/count-cart.ts';

export const GET = endpoint(async (ctx) => ok(await countCart(ctx)));
