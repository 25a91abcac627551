import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { listMerchantInvoices } from '../../../../server/services/invoice/merchant-invoices.ts';
import { rawQuery } from '../../_input.ts';

/** The invoices asked for with the merchant's paid orders `{count, list}` (`?status=&page=&limit=`), with `Authorization: Bearer <merchant token>`. */
export const GET = merchantEndpoint(async (ctx, { url }) => ok(await listMerchantInvoices(ctx, rawQuery(url))));
