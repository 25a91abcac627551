import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { listShopCategories } from '../../../../../server/services/merchant-api/shop-categories.ts';

/** The shop's own product categories `{count, list}` as a tree, hidden ones too, with their product counts. */
export const GET = merchantEndpoint(async (ctx) => ok(await listShopCategories(ctx)));
