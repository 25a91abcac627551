import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { getReviewItem } from '../server/services/catalogue/review-item.ts';
import { parseId } from '../shared/routes.ts';
import { REVIEW_TEXT } from '../shared/review.ts';

/**
 * `/evaluation?unique=<order_product_id>&order_id=<order_id>` (login required): the shopper's bought item with the
 * review form while its order waits for reviews, or the review once written. Another shopper's or an unknown item,
 * or an `order_id` it does not belong to, is a 404; an item not yet received (or refunded) is the error page with
 * the reason.
 */
export async function loadEvaluation(page: PageInput) {
  const q = page.url.searchParams;
  const unique = parseId(q.get('unique') ?? undefined);
  const orderParam = q.get('order_id');
  const orderId = orderParam ? parseId(orderParam) : undefined;
  if (unique === null || orderId === null) return failure(404, REVIEW_TEXT.itemGone);
  return loadPage(async () => {
    const [item, { pricing }] = await Promise.all([getReviewItem(ctxOf(page), { unique, order_id: orderId }), pageBasics(page)]);
    return { item, pricing };
  });
}
