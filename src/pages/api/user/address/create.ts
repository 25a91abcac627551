import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { addressInput, addressText } from '../../../../shared/schemas/address.ts';
import { saveAddress } from '../../../../server/services/address/save-address.ts';

/** Adds an address (`address_id` 0) or edits one of the shopper's; answers the saved address (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, addressInput);
  return ok(await saveAddress(ctx, body), body.address_id ? addressText.updated : addressText.created);
});
