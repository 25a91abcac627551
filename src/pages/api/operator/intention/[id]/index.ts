import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { getForReview } from '../../../../../server/services/intention/review-intention.ts';

/** One merchant application with its applicant's uid. */
export const GET = operatorEndpoint(async (ctx, { params }) => ok(await getForReview(ctx, { id: params.id ?? '' })));
