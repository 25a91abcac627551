import { endpoint, ok } from '../../../server/http/envelope.ts';
import { readAgreement } from '../../../server/services/site/agreement.ts';

/** `GET /api/agreement/{type}` (reference): `data[type]` is the agreement as HTML. */
export const GET = endpoint(async (_ctx, { params }) => ok(await readAgreement(params.type ?? '')));
