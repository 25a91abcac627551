import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { trackRefund } from '../server/services/refund/get-refund.ts';
import { listRecommend } from '../server/services/catalogue/list-recommend.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_TEXT } from '../shared/refund.ts';

/** Products recommended under the return parcel (the reference's `spu/recommend`): one row. */
export const REFUND_LOGISTICS_RECOMMEND = 4;

/**
 * `/refund_logistics?orderId=<refund_order_id>` (login required): the return parcel of one of the shopper's requests,
 * and products recommended for the shopper.
 */
export async function loadRefundLogistics(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, REFUND_TEXT.refundGone);
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const [tracked, recommend, basics] = await Promise.all([
      trackRefund(ctx, { id }),
      listRecommend(ctx, { page: 1, limit: REFUND_LOGISTICS_RECOMMEND }),
      pageBasics(page),
    ]);
    return { ...tracked, recommend: recommend.list, ...basics };
  });
}
