import { ok } from '../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../server/http/operator-endpoint.ts';
import { listForReview } from '../../../../server/services/intention/review-intention.ts';
import { rawQuery } from '../../_input.ts';

/** Merchant applications for review `{count, list}` (`?status` 0 pending, 1 approved, 2 rejected `&page&limit`), newest first. */
export const GET = operatorEndpoint(async (ctx, { url }) => ok(await listForReview(ctx, rawQuery(url))));
