import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { addressText } from '../../../../../shared/schemas/address.ts';
import { deleteAddress } from '../../../../../server/services/address/delete-address.ts';

/** Deletes one of the shopper's addresses; a deleted default passes to the newest remaining one (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await deleteAddress(ctx, { id: params.id ?? '' });
  return ok(undefined, addressText.deleted);
});
