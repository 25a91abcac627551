import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { listCategories } from '../../../../../server/services/catalogue/list-categories.ts';

/** The 3-level category tree `{list}` of the mega-menu. */
export const GET = endpoint(async (ctx) => ok(await listCategories(ctx)));
