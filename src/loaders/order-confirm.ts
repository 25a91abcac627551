import { loadPage, failure } from './result.ts';
import { ctxOf, pageBasics, type PageInput } from './page.ts';
import { checkOrder } from '../server/services/order/check-order.ts';
import { listAddresses } from '../server/services/address/list-addresses.ts';
import { listTitles } from '../server/services/invoice/list-titles.ts';
import { ADDRESS_LIMIT } from '../shared/schemas/address.ts';
import { currencyDigits } from '../shared/money.ts';

/**
 * `/order_confirm?cartId=1,2[&new=1]` (login required): the first check of the chosen cart lines (default
 * address, best coupons) with its key, the shopper's addresses and saved invoice titles, and how prices are shown. A line that cannot
 * be bought, another shopper's line or an empty list is the check's refusal, shown as the error page.
 */
export async function loadOrderConfirm(page: PageInput) {
  const raw = page.url.searchParams.get('cartId') ?? '';
  if (!raw.trim()) return failure(404, '请选择要结算的商品');
  return loadPage(async () => {
    const ctx = ctxOf(page);
    const check = await checkOrder(ctx, { cart_id: raw, use_integral: false });
    const [{ list }, { pricing }, invoiceTitles] = await Promise.all([
      listAddresses(ctx, { page: 1, limit: ADDRESS_LIMIT }),
      pageBasics(page),
      listTitles(ctx),
    ]);
    return {
      cartIds: check.order.flatMap((o) => o.list.map((l) => l.cart_id)),
      check,
      addresses: list,
      invoiceTitles,
      shipTo: page.locals.locale.country,
      currency: { symbol: pricing.symbol, rate: pricing.rate, digits: currencyDigits(pricing.currency), base: pricing.base },
    };
  });
}
