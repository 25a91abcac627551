import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { setDefaultTitle } from '../../../../../server/services/invoice/set-default-title.ts';
import { INVOICE_TEXT } from '../../../../../shared/invoice.ts';

/** Makes one of the shopper's invoice titles the default (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await setDefaultTitle(ctx, { id: params.id ?? '' });
  return ok(undefined, INVOICE_TEXT.defaulted);
});
