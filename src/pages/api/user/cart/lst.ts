import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { listCart } from '../../../../server/services/cart/list-cart.ts';

/** The shopper's cart by shop, and the lines that cannot be bought now (`{list, fail}`). */
export const GET = endpoint(async (ctx) => ok(await listCart(ctx)));
