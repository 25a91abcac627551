import { loadPage } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { listAddresses } from '../server/services/address/list-addresses.ts';
import { ADDRESS_LIMIT } from '../shared/schemas/address.ts';

/**
 * `/user/address_list` (login required; the middleware has sent visitors to /login): every address of the
 * shopper, the default first, and the ship-to country a new address starts in.
 */
export function loadUserAddressList(page: PageInput) {
  return loadPage(async () => {
    const { count, list } = await listAddresses(ctxOf(page), { page: 1, limit: ADDRESS_LIMIT });
    return { count, list, limit: ADDRESS_LIMIT, shipTo: page.locals.locale.country };
  });
}
