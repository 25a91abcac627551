import { endpoint, ok } from '../../../../../../server/http/envelope.ts';
import { getSeckillDetail } from '../../../../../../server/services/promotion/get-seckill-detail.ts';

/** A flash-sale offer's product detail with `seckill_status` and purchase limits. */
export const GET = endpoint(async (ctx, { params }) => ok(await getSeckillDetail(ctx, { id: params.id ?? '' })));
