import { endpoint, ok } from '../../../../../../server/http/envelope.ts';
import { getPresellDetail } from '../../../../../../server/services/promotion/get-presell-detail.ts';

/** A presale (`id` = product_presell_id) with its windows, state and product. */
export const GET = endpoint(async (ctx, { params }) => ok(await getPresellDetail(ctx, { id: params.id ?? '' })));
