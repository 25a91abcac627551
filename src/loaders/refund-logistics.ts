import { loadPage, failure } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { trackRefund } from '../server/services/refund/get-refund.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_TEXT } from '../shared/refund.ts';

/** `/refund_logistics?orderId=<refund_order_id>` (login required): the return parcel of one of the shopper's requests. */
export async function loadRefundLogistics(page: PageInput) {
  const id = parseId(page.url.searchParams.get('orderId') ?? undefined);
  if (id === null) return failure(404, REFUND_TEXT.refundGone);
  return loadPage(() => trackRefund(ctxOf(page), { id }));
}
