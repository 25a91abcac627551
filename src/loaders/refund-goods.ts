import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getRefund } from '../server/services/refund/get-refund.ts';
import { listExpress } from '../server/services/logistics/list-express.ts';
import { ServiceError } from '../server/services/errors.ts';
import { parseId } from '../shared/routes.ts';
import { REFUND_STATE, REFUND_TEXT } from '../shared/refund.ts';

/**
 * `/refund_goods?id=` (login required): the return shipment form of one of the shopper's requests awaiting it
 * (status 1); another status is the error page with the reason, another shopper's request a 404.
 */
export async function loadRefundGoods(page: PageInput) {
  const id = parseId(page.url.searchParams.get('id') ?? undefined);
  if (id === null) return failure(404, REFUND_TEXT.refundGone);
  return loadPage(async () => {
    const [refund, { pricing }] = await Promise.all([getRefund(ctxOf(page), { id }), pageBasics(page)]);
    if (refund.status !== REFUND_STATE.awaitReturn) throw new ServiceError('refused', REFUND_TEXT.shipOnly);
    return { refund, express: listExpress(), pricing };
  });
}
