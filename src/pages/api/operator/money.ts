import { ok } from '../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../server/http/operator-endpoint.ts';
import { listMoneyDue } from '../../../server/services/operator/money-due.ts';

/**
 * The money support watches `{payments, refunds}`: payments a gateway took that no order could use (`refund_due`, with
 * their `payment.refund` job), and refund requests whose money has not gone back (`retrying`, `failed`); oldest first.
 */
export const GET = operatorEndpoint(async (ctx) => ok(await listMoneyDue(ctx.db)));
