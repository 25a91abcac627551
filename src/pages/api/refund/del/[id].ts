import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { deleteRefund } from '../../../../server/services/refund/delete-refund.ts';
import { REFUND_TEXT } from '../../../../shared/refund.ts';

/** Hides a finished refund request (3, -1, -10) from the shopper's list (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await deleteRefund(ctx, { id: params.id ?? '' });
  return ok([], REFUND_TEXT.deleted);
});
