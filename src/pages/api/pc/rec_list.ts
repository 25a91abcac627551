import { endpoint, ok } from '../../../server/http/envelope.ts';
import { rawQuery } from '../_input.ts';
import { listCategorySections } from '../../../server/services/catalogue/list-category-sections.ts';

/** The home page's category plaza `{count, list: [{title, cid, left_image, ..., list}]}`, paged on scroll. */
export const GET = endpoint(async (ctx, { url }) => ok(await listCategorySections(ctx, rawQuery(url))));
