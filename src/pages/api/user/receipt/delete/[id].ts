import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { deleteTitle } from '../../../../../server/services/invoice/delete-title.ts';
import { INVOICE_TEXT } from '../../../../../shared/invoice.ts';

/** Deletes one of the shopper's invoice titles; another shopper's is a 404 (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await deleteTitle(ctx, { id: params.id ?? '' });
  return ok(undefined, INVOICE_TEXT.deleted);
});
