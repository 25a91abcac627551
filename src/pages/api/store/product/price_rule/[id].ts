import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { getPriceRule } from '../../../../../server/services/catalogue/get-price-rule.ts';

/** Price notes `{rule_name, content}` of category `id` (nearest rule up the tree, else the mall's). */
export const GET = endpoint(async (ctx, { params }) => ok(await getPriceRule(ctx, { cate_id: params.id ?? '' })));
