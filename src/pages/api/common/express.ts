import { endpoint, ok } from '../../../server/http/envelope.ts';
import { listExpress } from '../../../server/services/logistics/list-express.ts';

/** Express companies `[{id, name, code, label, value}]` (the courier select of the return-shipment form reads label/value). */
export const GET = endpoint(async () => ok(listExpress()));
