import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { listHotBanners } from '../../../../server/services/site/list-hot-banners.ts';

/** The banners above a curated list `[{image, link, alt}]` (`type` best, hot, new or good; else 400). */
export const GET = endpoint(async (ctx, { params }) => ok(await listHotBanners(ctx, { type: params.type ?? '' })));
