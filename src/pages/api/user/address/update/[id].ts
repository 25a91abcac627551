import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { addressText } from '../../../../../shared/schemas/address.ts';
import { setDefaultAddress } from '../../../../../server/services/address/set-default-address.ts';

/** Makes one of the shopper's addresses the default (login required). */
export const POST = endpoint(async (ctx, { params }) => {
  await setDefaultAddress(ctx, { id: params.id ?? '' });
  return ok(undefined, addressText.defaultSet);
});
