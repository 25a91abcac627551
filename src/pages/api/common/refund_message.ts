import { endpoint, ok } from '../../../server/http/envelope.ts';
import { REFUND_MESSAGES } from '../../../shared/refund.ts';

/** The reasons of the refund form's reason select (array of strings). */
export const GET = endpoint(async () => ok([...REFUND_MESSAGES]));
