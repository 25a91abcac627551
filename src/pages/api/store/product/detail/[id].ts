import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getProductDetail } from '../../../../../server/services/catalogue/get-product-detail.ts';

/** A normal product on sale: specs, SKU map, shop card, favourite state. Unknown or off-shelf: 404. */
export const GET = endpoint(async (ctx, { params }) => ok(await getProductDetail(ctx, { id: params.id ?? '' })));
