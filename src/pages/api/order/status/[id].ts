import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getPayStatus } from '../../../../server/services/payment/pay-status.ts';

/** The payment state of a group order (`?type=2`: of a presale balance, `id` = order_id), polled by /payment. */
export const GET = endpoint(async (ctx, { params, url }) =>
  ok(await getPayStatus(ctx, { id: params.id ?? '', subject: url.searchParams.get('type') === '2' ? 'presell' : 'group' })),
);
